/** Access patterns as the designer's list holds them, and the names they get in a model. */

export interface QuestionLine {
  /** Stable across edits, so React keeps each input (and its focus) in place. */
  readonly id: number;
  readonly text: string;
}

/** Words of a question as an identifier: "list matches by player, newest first" → listMatchesByPlayerNewestFirst. */
export function patternNameOf(question: string): string {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const name = words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  if (name === '') return 'pattern';
  return /^\p{L}/u.test(name) ? name : `pattern${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** One name per question, unique: a repeated name gets 2, 3… */
export function patternNames(questions: readonly string[]): string[] {
  const taken = new Set<string>();
  return questions.map((question) => {
    const base = patternNameOf(question);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
    taken.add(name);
    return name;
  });
}

/** The questions worth designing from: trimmed, non-empty. */
export function filledQuestions(lines: readonly QuestionLine[]): string[] {
  return lines.map((line) => line.text.trim()).filter((text) => text !== '');
}
