/** Every lint rule, in the order the documentation lists them. Rule ids never change. */
import type { LintRule } from './rule.js';
import { concatenatedIndexKey } from './rules/concatenated-index-key.js';
import { consistentReadOnGsi } from './rules/consistent-read-on-gsi.js';
import { filterRequired } from './rules/filter-required.js';
import { hotPartition } from './rules/hot-partition.js';
import { invalidKeyTemplate } from './rules/invalid-key-template.js';
import { itemCollectionTooLarge } from './rules/item-collection-too-large.js';
import { keyTooLong } from './rules/key-too-long.js';
import { mutableBaseKey } from './rules/mutable-base-key.js';
import { naiveNegativePadding } from './rules/naive-negative-padding.js';
import { nonSortableDate } from './rules/non-sortable-date.js';
import { numberPaddingTooNarrow } from './rules/number-padding-too-narrow.js';
import { numberStoredAsString } from './rules/number-stored-as-string.js';
import { optionalIndexKeyField } from './rules/optional-index-key-field.js';
import { patternNotUnderstood } from './rules/pattern-not-understood.js';
import { reservedAttributeName } from './rules/reserved-attribute-name.js';
import { reversedTimestamp } from './rules/reversed-timestamp.js';
import { scanRequired } from './rules/scan-required.js';
import { sortKeyCollision } from './rules/sort-key-collision.js';
import { sortOrderWithoutIndex } from './rules/sort-order-without-index.js';
import { staleIndexKey } from './rules/stale-index-key.js';
import { unorderedSortKey } from './rules/unordered-sort-key.js';
import { unpaddedNumberInKey } from './rules/unpadded-number-in-key.js';
import { unusedIndex } from './rules/unused-index.js';

export const RULES: readonly LintRule[] = [
  unorderedSortKey,
  nonSortableDate,
  unpaddedNumberInKey,
  numberPaddingTooNarrow,
  naiveNegativePadding,
  numberStoredAsString,
  mutableBaseKey,
  staleIndexKey,
  optionalIndexKeyField,
  concatenatedIndexKey,
  scanRequired,
  filterRequired,
  unusedIndex,
  sortOrderWithoutIndex,
  reversedTimestamp,
  consistentReadOnGsi,
  sortKeyCollision,
  hotPartition,
  reservedAttributeName,
  keyTooLong,
  itemCollectionTooLarge,
  patternNotUnderstood,
  invalidKeyTemplate,
];
