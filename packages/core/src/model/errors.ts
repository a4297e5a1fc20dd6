/** One thing wrong with a model file, at a dotted path such as `entities.Player.keys.GSI1SK`. */
export interface ModelProblem {
  readonly path: string;
  readonly message: string;
}

/** Every problem found in a model file at once, so the user can fix them in one pass. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly problems: readonly ModelProblem[];
  readonly source: string | undefined;

  constructor(problems: readonly ModelProblem[], source?: string) {
    super(renderProblems(problems, source));
    this.problems = problems;
    this.source = source;
  }
}

function renderProblems(problems: readonly ModelProblem[], source: string | undefined): string {
  const where = source ?? 'the model';
  const heading = problems.length === 1 ? `1 problem in ${where}:` : `${problems.length} problems in ${where}:`;
  const lines = problems.map((problem) => (problem.path === '' ? `  ${problem.message}` : `  ${problem.path}: ${problem.message}`));
  return [heading, ...lines].join('\n');
}

/** Collects problems while a check walks the model. */
export class ProblemList {
  readonly problems: ModelProblem[] = [];

  private readonly seen = new Set<string>();

  /** Adds a problem once: rules that meet the same fault twice report it once. */
  add(path: string, message: string): void {
    const key = `${path}\n${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.problems.push({ path, message });
  }
}
