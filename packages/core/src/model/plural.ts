/** English plurals for entity names: Match → Matches, Category → Categories, Person → People. */

const IRREGULAR: Readonly<Record<string, string>> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  ox: 'oxen',
  datum: 'data',
  index: 'indexes',
  quiz: 'quizzes',
  knife: 'knives',
  leaf: 'leaves',
  loaf: 'loaves',
  thief: 'thieves',
  life: 'lives',
  wife: 'wives',
};

/** Words whose plural is the word itself. */
const UNCHANGED = new Set(['series', 'species', 'sheep', 'fish', 'deer', 'news', 'data', 'metadata', 'equipment', 'information']);

/** Keeps the case of the original's first letter (and all-caps words). */
function matchCase(original: string, plural: string): string {
  if (original === original.toUpperCase() && original.length > 1) return plural.toUpperCase();
  const first = original[0] ?? '';
  return first === first.toUpperCase() ? plural[0]!.toUpperCase() + plural.slice(1) : plural;
}

function pluralOfWord(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular !== undefined) return matchCase(word, irregular);
  if (UNCHANGED.has(lower)) return word;
  const upper = word.length > 1 && word === word.toUpperCase();
  const suffix = (text: string): string => (upper ? text.toUpperCase() : text);
  if (/(s|sh|ch|x|z)$/.test(lower)) return word + suffix('es');
  if (/[^aeiou]y$/.test(lower)) return word.slice(0, -1) + suffix('ies');
  if (/[lr]f$/.test(lower)) return word.slice(0, -1) + suffix('ves');
  return word + suffix('s');
}

/**
 * The plural of an entity name. Only the last word of a compound name changes:
 * TicketCategory → TicketCategories, order_item → order_items.
 */
export function pluralize(name: string): string {
  const lastWord = /([A-Z]?[a-z0-9]+|[A-Z]+)$/.exec(name);
  if (!lastWord || lastWord.index === undefined) return `${name}s`;
  return name.slice(0, lastWord.index) + pluralOfWord(lastWord[0]);
}
