/** How far long work has got (a purge, an import, an export, a copy): the HTTP jobs stream it, the command line draws it. */
export interface Progress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}
