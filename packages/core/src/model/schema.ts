/**
 * The JSON Schema of the model file: editors use it to complete and explain
 * fields; normalizeModel uses it for the shape check. Names, keys and references
 * are checked afterwards, in validate/. Published as
 * schema/dynotable-model.schema.json.
 */

type SchemaObject = Record<string, unknown>;

const DECLARED_TYPES = [
  'string',
  'number',
  'binary',
  'boolean',
  'timestamp',
  'date',
  'uuid',
  'enum',
  'list',
  'map',
  'stringSet',
  'numberSet',
  'binarySet',
] as const;

/** A body schema in both forms: a map keyed by name, or a list of objects with `name`. */
function mapOrList(definition: string, named: string, description: string): SchemaObject {
  return {
    description,
    anyOf: [
      { type: 'object', description: 'Keyed by name.', additionalProperties: { $ref: `#/definitions/${definition}` } },
      { type: 'array', description: 'A list of objects with `name`.', items: { $ref: `#/definitions/${named}` } },
    ],
  };
}

/** The list form of a body: the same properties plus a required `name`. */
function withName(body: SchemaObject, what: string): SchemaObject {
  const properties = body['properties'] as SchemaObject;
  const required = (body['required'] as string[] | undefined) ?? [];
  return {
    ...body,
    properties: { name: { type: 'string', minLength: 1, description: `The ${what}'s name.` }, ...properties },
    required: ['name', ...required],
  };
}

const nonNegative = (description: string): SchemaObject => ({ type: 'number', minimum: 0, description });
const count = (description: string): SchemaObject => ({ type: 'integer', minimum: 0, description });
const scalar: SchemaObject = { type: ['string', 'number', 'boolean'] };
/** `assumed: [rate]`: which of the object's cost inputs are assumptions (filled by the designer) rather than a person's figures. */
const assumed = (fields: readonly string[]): SchemaObject => ({
  type: 'array',
  uniqueItems: true,
  items: { enum: fields },
  description: `The fields (${fields.join(', ')}) whose values are assumptions, such as the designer's defaults, rather than figures a person set; tools show them as assumed. Setting the value removes it from the list.`,
});

const keyAttribute: SchemaObject = {
  description: 'A key attribute: `{ name: PK, type: S }`, or just its name for a string key.',
  anyOf: [
    { type: 'string', minLength: 1, description: 'The attribute name; the type is S.' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, description: 'The key attribute name, such as PK, SK, GSI1PK.' },
        type: { enum: ['S', 'N', 'B'], default: 'S', description: 'S (string, the usual choice for composite keys), N (number) or B (binary).' },
      },
    },
  ],
};

const projection: SchemaObject = {
  description: 'Which attributes the index copies: ALL (default), KEYS_ONLY, or a list of attribute names (INCLUDE).',
  anyOf: [
    { enum: ['ALL', 'KEYS_ONLY'], description: 'ALL copies every attribute; KEYS_ONLY only the table and index keys.' },
    { type: 'array', items: { type: 'string', minLength: 1 }, description: 'INCLUDE: the keys plus these attributes.' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { enum: ['ALL', 'KEYS_ONLY', 'INCLUDE'], description: 'The projection type.' },
        attributes: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'INCLUDE: the non-key attributes to copy.' },
      },
    },
  ],
};

const provisioned: SchemaObject = {
  type: 'object',
  description: 'Provisioned capacity; required for PROVISIONED tables and each of their GSIs.',
  additionalProperties: false,
  required: ['readUnits', 'writeUnits'],
  properties: {
    readUnits: { type: 'integer', minimum: 1, description: 'Read capacity units.' },
    writeUnits: { type: 'integer', minimum: 1, description: 'Write capacity units.' },
  },
};

/** A GSI's key role: one attribute, or a list of up to four for a multi-attribute key. */
const globalKey = (role: string): SchemaObject => ({
  description: `The index's ${role} key: one key attribute, or a list of up to 4 (a multi-attribute key, each attribute with its own type), such as \`[tenantId, { name: priority, type: N }]\`.`,
  anyOf: [
    { $ref: '#/definitions/keyAttribute' },
    { type: 'array', minItems: 1, items: { $ref: '#/definitions/keyAttribute' }, description: `The ${role} key attributes, in order.` },
  ],
});

const globalIndex: SchemaObject = {
  type: 'object',
  description: 'A global secondary index: its own partition key and optional sort key, each one attribute or a list of up to 4.',
  additionalProperties: false,
  required: ['partitionKey'],
  properties: {
    partitionKey: globalKey('partition'),
    sortKey: globalKey('sort'),
    partitionKeys: {
      type: 'array',
      items: { $ref: '#/definitions/keyAttribute' },
      description: 'The normalised form of a list `partitionKey`: every partition key attribute, in order, the first being `partitionKey`.',
    },
    sortKeys: {
      type: 'array',
      items: { $ref: '#/definitions/keyAttribute' },
      description: 'The normalised form of a list `sortKey`: every sort key attribute, in order, the first being `sortKey`.',
    },
    projection: { $ref: '#/definitions/projection' },
    provisioned: { $ref: '#/definitions/provisioned' },
  },
};

const localIndex: SchemaObject = {
  type: 'object',
  description: "A local secondary index: the table's partition key with another sort key. Needs a table sort key.",
  additionalProperties: false,
  required: ['sortKey'],
  properties: {
    sortKey: { $ref: '#/definitions/keyAttribute' },
    projection: { $ref: '#/definitions/projection' },
  },
};

const table: SchemaObject = {
  type: 'object',
  description: 'A DynamoDB table: its key schema, billing and secondary indexes.',
  additionalProperties: false,
  required: ['partitionKey'],
  properties: {
    partitionKey: { $ref: '#/definitions/keyAttribute' },
    sortKey: { $ref: '#/definitions/keyAttribute' },
    billingMode: { enum: ['PAY_PER_REQUEST', 'PROVISIONED'], default: 'PAY_PER_REQUEST', description: 'On-demand (PAY_PER_REQUEST, default) or PROVISIONED.' },
    provisioned: { $ref: '#/definitions/provisioned' },
    globalSecondaryIndexes: mapOrList('globalIndex', 'namedGlobalIndex', 'Global secondary indexes (at most 20), by name.'),
    localSecondaryIndexes: mapOrList('localIndex', 'namedLocalIndex', 'Local secondary indexes (at most 5), by name.'),
    timeToLiveAttribute: { type: 'string', minLength: 1, description: 'The attribute holding the expiry time in epoch seconds.' },
    tableClass: { enum: ['STANDARD', 'STANDARD_INFREQUENT_ACCESS'], description: 'The table class; STANDARD when omitted.' },
  },
};

const attribute: SchemaObject = {
  type: 'object',
  description: 'An attribute of the entity.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { enum: DECLARED_TYPES, description: 'The declared type. timestamp and date are strings in `format`; uuid is an unordered string; enum takes `values`.' },
    format: {
      type: 'string',
      description:
        "How the value is written. timestamp: iso8601 (default), epoch-seconds, epoch-millis or a pattern such as M/D/YYYY; date: YYYY-MM-DD (default) or a pattern; number: number (default) or string.",
    },
    mutable: { type: 'boolean', default: false, description: 'The value changes after the item is created (default false).' },
    unique: { type: 'boolean', default: false, description: 'No two items of the entity share a value (default false).' },
    required: { type: 'boolean', default: true, description: 'Present on every item (default true).' },
    min: { type: 'number', description: 'Numbers: the smallest expected value.' },
    max: { type: 'number', description: 'Numbers: the largest expected value.' },
    integer: { type: 'boolean', description: 'Numbers: whole numbers only.' },
    minLength: count('Strings: the fewest characters; binary: bytes.'),
    maxLength: count('Strings: the most characters; binary: bytes.'),
    cardinality: count('The expected number of distinct values across the entity’s items.'),
    values: { type: 'array', items: scalar, description: 'enum: the allowed values.' },
    examples: { type: 'array', items: scalar, description: 'Example values, for documentation and generated data.' },
    averageBytes: nonNegative('Average stored size in bytes, where the type alone cannot tell (list, map, sets).'),
    description: { type: 'string', description: 'What the attribute holds.' },
  },
};

const attributeOrType: SchemaObject = {
  description: 'An attribute: its type alone (`createdAt: timestamp`) or an object.',
  anyOf: [{ enum: DECLARED_TYPES, description: 'Shorthand for `{ type: ... }`.' }, { $ref: '#/definitions/attribute' }],
};

const entity: SchemaObject = {
  type: 'object',
  description: 'A kind of item: its attributes and how its keys are built.',
  additionalProperties: false,
  properties: {
    plural: { type: 'string', minLength: 1, description: 'The plural as people say it; by default the English plural of the name.' },
    table: { type: 'string', minLength: 1, description: 'The table the entity is stored in; may be omitted when the model has one table.' },
    description: { type: 'string', description: 'What the entity is.' },
    attributes: mapOrList('attributeOrType', 'namedAttribute', 'The attributes, by name: `createdAt: timestamp` or `rating: { type: number, mutable: true }`.'),
    keys: {
      type: 'object',
      description:
        'Key templates by key attribute name, for the table and each index the entity appears in: `PK: PLAYER#{playerId}`, `GSI1SK: RATING#{rating:05}`. Fields: {name}, {name:05}, {name:d8.2}, {name:iso}, {name:iso-ms}, {name:iso-us}. Omit to let the designer choose.',
      additionalProperties: { type: 'string', minLength: 1 },
    },
    keysWhen: {
      type: 'object',
      description: 'Sparse index keys: a key attribute is written only while the item has these attribute values, e.g. `GSI2PK: { status: open }`.',
      additionalProperties: { type: 'object', additionalProperties: scalar },
    },
    count: count('The expected number of items.'),
    averageItemBytes: {
      type: 'integer',
      minimum: 1,
      maximum: 409600,
      description: 'Average stored size of one item in bytes (attribute names and values), when known better than the attributes tell; cost pads the estimated item up to it.',
    },
    assumed: assumed(['count', 'averageItemBytes']),
  },
};

const accessPattern: SchemaObject = {
  type: 'object',
  description: 'A question the application asks, in words.',
  additionalProperties: false,
  required: ['name', 'question'],
  properties: {
    name: { type: 'string', description: 'An identifier: getPlayer, listRecentMatches.' },
    question: { type: 'string', description: 'The question in words: "list matches by player, newest first".' },
    order: { type: 'string', description: 'The expected order in words, when the question does not say it.' },
    rate: nonNegative('Calls per second.'),
    consistentRead: { type: 'boolean', description: 'Wants strongly consistent reads (base table and LSIs only).' },
    expectedItems: count('Items read per call, for a list; used for cost.'),
    assumed: assumed(['rate', 'expectedItems']),
  },
};

const writePath: SchemaObject = {
  type: 'object',
  description: 'A way the application writes an entity.',
  additionalProperties: false,
  required: ['name', 'entity', 'kind'],
  properties: {
    name: { type: 'string', description: 'An identifier: createPlayer, updateRating.' },
    entity: { type: 'string', description: 'The entity written.' },
    kind: { enum: ['create', 'update', 'delete'], description: 'create, update or delete.' },
    attributes: { type: 'array', items: { type: 'string' }, description: 'update: the attributes it changes.' },
    rate: nonNegative('Calls per second.'),
    description: { type: 'string', description: 'What the write does.' },
    assumed: assumed(['rate']),
  },
};

export const MODEL_JSON_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'DynoTable model',
  description: 'A DynamoDB data model: tables, entities with their key templates, access patterns in words and write paths.',
  type: 'object',
  additionalProperties: false,
  required: ['tables', 'entities'],
  properties: {
    $schema: { type: 'string', description: 'The schema this file follows, for editors.' },
    name: { type: 'string', minLength: 1, description: 'The model name; the file name when omitted.' },
    description: { type: 'string', description: 'What the application stores.' },
    tables: mapOrList('table', 'namedTable', 'The tables, by name.'),
    entities: mapOrList('entity', 'namedEntity', 'The entities, by singular name (Player, Match).'),
    accessPatterns: { type: 'array', items: { $ref: '#/definitions/accessPattern' }, description: 'The questions the application asks.' },
    writePaths: { type: 'array', items: { $ref: '#/definitions/writePath' }, description: 'How the application writes.' },
  },
  definitions: {
    keyAttribute,
    projection,
    provisioned,
    table,
    namedTable: withName(table, 'table'),
    globalIndex,
    namedGlobalIndex: withName(globalIndex, 'index'),
    localIndex,
    namedLocalIndex: withName(localIndex, 'index'),
    entity,
    namedEntity: withName(entity, 'entity'),
    attribute,
    attributeOrType,
    namedAttribute: withName(attribute, 'attribute'),
    accessPattern,
    writePath,
  },
} as const satisfies SchemaObject;
