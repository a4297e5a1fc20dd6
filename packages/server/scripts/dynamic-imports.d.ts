/** Each import() call in `source`, as `line:column: the call` (at most 100 characters of it). */
export function dynamicImports(source: string, fileName?: string): string[];
