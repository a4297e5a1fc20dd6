/** The filter builder's rows → one friendly FilterExpression text, or the first row's problem. */
import { fail, friendlyLiteral, literalList, ok, type Built } from './literal-text.js';
import { friendlyPath } from './path-text.js';
import { ATTRIBUTE_TYPE_NAMES, type FilterRow } from './query-state.js';

interface RowProblem {
  readonly row: number;
  readonly message: string;
}

export type FilterBuilt = { readonly ok: true; readonly text: string | undefined } | { readonly ok: false; readonly problem: RowProblem };

/** One row as a condition, without its join. */
export function rowCondition(row: FilterRow): Built {
  if (row.path.trim() === '') return fail('Enter an attribute path');
  const path = friendlyPath(row.path);
  const value = (): Built => friendlyLiteral(row.valueType, row.value);
  let built: Built;
  switch (row.operator) {
    case 'attribute_exists':
    case 'attribute_not_exists':
      built = ok(`${row.operator}(${path})`);
      break;
    case 'attribute_type': {
      const type = row.value.trim().toUpperCase();
      built = (ATTRIBUTE_TYPE_NAMES as readonly string[]).includes(type)
        ? ok(`attribute_type(${path}, ${JSON.stringify(type)})`)
        : fail(`Choose a type: ${ATTRIBUTE_TYPE_NAMES.join(', ')}`);
      break;
    }
    case 'begins_with':
    case 'contains':
      built = mapBuilt(value(), (text) => `${row.operator}(${path}, ${text})`);
      break;
    case 'size':
      built = mapBuilt(value(), (text) => `size(${path}) ${row.sizeComparator} ${text}`);
      break;
    case 'BETWEEN': {
      const low = value();
      const high = friendlyLiteral(row.valueType, row.value2);
      built = !low.ok ? low : !high.ok ? high : ok(`${path} BETWEEN ${low.text} AND ${high.text}`);
      break;
    }
    case 'IN':
      built = mapBuilt(literalList(row.valueType, row.value), (text) => `${path} IN (${text})`);
      break;
    default:
      built = mapBuilt(value(), (text) => `${path} ${row.operator} ${text}`);
  }
  return row.not ? mapBuilt(built, (text) => `NOT ${text}`) : built;
}

function mapBuilt(built: Built, wrap: (text: string) => string): Built {
  return built.ok ? ok(wrap(built.text)) : built;
}

/** Rows joined by their AND/OR in order; DynamoDB's precedence (NOT, AND, OR) applies to the text as shown. */
export function filterText(rows: readonly FilterRow[]): FilterBuilt {
  let text: string | undefined;
  for (const [index, row] of rows.entries()) {
    const condition = rowCondition(row);
    if (!condition.ok) return { ok: false, problem: { row: index, message: condition.message } };
    text = text === undefined ? condition.text : `${text} ${row.join} ${condition.text}`;
  }
  return { ok: true, text };
}
