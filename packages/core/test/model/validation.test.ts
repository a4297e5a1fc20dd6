import { describe, expect, it } from 'vitest';
import type { ModelProblem } from '@dynotable/core';
import { ModelError, normalizeModel, parseModel } from '@dynotable/core';

// The tests reach deep into plain data to break one thing at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelFile = Record<string, any>;

/** A small valid model in the file form; each test breaks one thing. */
function validFile(): ModelFile {
  return {
    name: 'shop',
    tables: {
      Shop: {
        partitionKey: { name: 'PK', type: 'S' },
        sortKey: { name: 'SK', type: 'S' },
        globalSecondaryIndexes: {
          GSI1: { partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' } },
          ByScore: { partitionKey: { name: 'GSI2PK', type: 'S' }, sortKey: { name: 'score', type: 'N' } },
        },
      },
    },
    entities: {
      Order: {
        attributes: {
          customerId: 'string',
          orderId: 'string',
          placedAt: 'timestamp',
          score: { type: 'number', integer: true },
          status: { type: 'enum', values: ['placed', 'shipped'], mutable: true },
          gift: 'boolean',
        },
        keys: {
          PK: 'CUSTOMER#{customerId}',
          SK: 'ORDER#{placedAt:iso}#{orderId}',
          GSI1PK: 'STATUS#{status}',
          GSI1SK: 'ORDER#{orderId}',
        },
        keysWhen: { GSI1PK: { status: 'placed' }, GSI1SK: { status: 'placed' } },
      },
    },
    accessPatterns: [{ name: 'listOrders', question: 'list orders by customer, newest first', rate: 5 }],
    writePaths: [{ name: 'shipOrder', entity: 'Order', kind: 'update', attributes: ['status'], rate: 1 }],
  };
}

function problemsOf(change: (file: ModelFile) => void): ModelProblem[] {
  const file = validFile();
  change(file);
  try {
    normalizeModel(file, 'shop.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return [...(error as ModelError).problems];
  }
  return [];
}

/** Asserts exactly one problem, at the path, with a message matching. */
function expectProblem(change: (file: ModelFile) => void, path: string, message: RegExp): void {
  const problems = problemsOf(change);
  expect(problems, JSON.stringify(problems, null, 2)).toHaveLength(1);
  expect(problems[0]!.path).toBe(path);
  expect(problems[0]!.message).toMatch(message);
}

describe('the valid model', () => {
  it('has no problems', () => {
    expect(problemsOf(() => {})).toEqual([]);
  });
});

describe('syntax', () => {
  it('reports a YAML error with line:column', () => {
    const error = (() => {
      try {
        parseModel('tables:\n  Shop:\n    partitionKey: [PK\nentities: {}\n', 'shop.yaml');
      } catch (caught) {
        return caught as ModelError;
      }
    })();
    expect(error).toBeInstanceOf(ModelError);
    expect(error!.problems).toHaveLength(1);
    expect(error!.problems[0]!.path).toMatch(/^\d+:\d+$/);
    expect(error!.problems[0]!.message).toMatch(/^YAML syntax error/);
    expect(error!.message).toContain('shop.yaml');
  });

  it('reports a duplicate key as a YAML error at its line', () => {
    expect(() => parseModel('tables:\n  Shop: { partitionKey: PK }\n  Shop: { partitionKey: PK }\nentities: {}\n')).toThrow(
      /3:3: YAML syntax error: Map keys must be unique/,
    );
  });

  it('reports a JSON error with line:column and JSON’s own words', () => {
    try {
      parseModel('{\n  "tables": {},\n  "entities": {},\n}', 'shop.json');
      expect.unreachable();
    } catch (error) {
      const problem = (error as ModelError).problems[0]!;
      expect(problem.path).toBe('4:1');
      expect(problem.message).toMatch(/^JSON syntax error: .*property name/);
    }
  });

  it('reads JSON models', () => {
    const model = parseModel(JSON.stringify(validFile()), 'shop.json');
    expect(model.entities[0]!.name).toBe('Order');
  });

  it('reports an empty file', () => {
    expect(() => parseModel('', 'empty.yaml')).toThrow(/the model must be a map with at least "tables" and "entities"; the file is empty/);
  });
});

describe('shape', () => {
  it('names an unknown key and suggests the close one', () => {
    expectProblem((file) => (file['entities'].Order.atributes = {}), 'entities.Order.atributes', /unknown key "atributes"\. Did you mean "attributes"\?/);
  });

  it('lists the allowed keys for an unknown key with no close match', () => {
    expectProblem((file) => (file['tables'].Shop.colour = 'red'), 'tables.Shop.colour', /unknown key "colour"\. Keys allowed here: "partitionKey", "sortKey"/);
  });

  it('checks types', () => {
    expectProblem((file) => (file['entities'].Order.count = 'many'), 'entities.Order.count', /must be a whole number, not the string "many"/);
  });

  it('checks enums and suggests the close value', () => {
    expectProblem((file) => (file['entities'].Order.attributes.placedAt = 'timestmp'), 'entities.Order.attributes.placedAt', /"timestmp" is not allowed\. Did you mean "timestamp"\?/);
  });

  it('explains the INCLUDE projection form', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI1.projection = 'INCLUDE'),
      'tables.Shop.globalSecondaryIndexes.GSI1.projection',
      /list the attributes instead/,
    );
  });

  it('reports a missing required key with what it is', () => {
    expectProblem((file) => delete file['tables'].Shop.partitionKey, 'tables.Shop.partitionKey', /is required; add it \(A key attribute/);
  });

  it('names list items by their name', () => {
    expectProblem((file) => (file['accessPatterns'][0].rate = -1), 'accessPatterns.listOrders.rate', /must be at least 0, not -1/);
  });

  it('reports rates below zero on write paths', () => {
    expectProblem((file) => (file['writePaths'][0].rate = -3), 'writePaths.shipOrder.rate', /must be at least 0/);
  });

  it('reads the assumed figures and the average item size', () => {
    const file = validFile();
    Object.assign(file['entities'].Order, { count: 5000, averageItemBytes: 1200, assumed: ['count'] });
    Object.assign(file['accessPatterns'][0], { assumed: ['rate'] });
    Object.assign(file['writePaths'][0], { assumed: [] });
    const model = normalizeModel(file);
    expect(model.entities[0]).toMatchObject({ count: 5000, averageItemBytes: 1200, assumed: ['count'] });
    expect(model.accessPatterns[0]!.assumed).toEqual(['rate']);
    // An empty list marks nothing, so it is not kept.
    expect(model.writePaths[0]).not.toHaveProperty('assumed');
  });

  it('names the fields an assumed list can hold', () => {
    expectProblem((file) => (file['accessPatterns'][0].assumed = ['rates']), 'accessPatterns.listOrders.assumed[0]', /"rates" is not allowed\. Did you mean "rate"\?/);
    expectProblem((file) => (file['writePaths'][0].assumed = ['count']), 'writePaths.shipOrder.assumed[0]', /"count" is not allowed/);
    expectProblem((file) => (file['entities'].Order.assumed = 'count'), 'entities.Order.assumed', /must be a list/);
    expectProblem((file) => (file['entities'].Order.assumed = ['count', 'count']), 'entities.Order.assumed', /lists the string "count" twice; list each once/);
  });

  it('keeps the average item size within what DynamoDB stores', () => {
    expectProblem((file) => (file['entities'].Order.averageItemBytes = 500_000), 'entities.Order.averageItemBytes', /must be at most 409600/);
    expectProblem((file) => (file['entities'].Order.averageItemBytes = 0), 'entities.Order.averageItemBytes', /must be at least 1/);
  });

  it('says what a value must be when no form fits', () => {
    expectProblem((file) => (file['tables'].Shop.sortKey = 5), 'tables.Shop.sortKey', /must be a string, or a map, not 5/);
  });

  it('reports every shape problem at once', () => {
    const problems = problemsOf((file) => {
      file['tabels'] = {};
      file['entities'].Order.count = -1;
      file['writePaths'][0].kind = 'upsert';
    });
    expect(problems.map((problem) => problem.path)).toEqual(['tabels', 'entities.Order.count', 'writePaths.shipOrder.kind']);
  });
});

describe('shape and rules together', () => {
  it('reports rule problems of well-shaped parts beside the shape problems', () => {
    const problems = problemsOf((file) => {
      file['entities'].Order.count = 'many';
      file['writePaths'][0].entity = 'Ordr';
    });
    expect(problems.map((problem) => problem.path)).toEqual(['entities.Order.count', 'writePaths.shipOrder.entity']);
  });

  it('leaves out rule problems that follow from a misshapen part', () => {
    const problems = problemsOf((file) => (file['entities'].Order.attributes.status = { type: 'enum', values: 'placed' }));
    expect(problems).toEqual([{ path: 'entities.Order.attributes.status.values', message: 'must be a list, not the string "placed"' }]);
  });
});

describe('tables', () => {
  it('needs at least one table', () => {
    const problems = problemsOf((file) => (file['tables'] = {}));
    expect(problems[0]).toEqual({ path: 'tables', message: expect.stringMatching(/no table/) });
  });

  it('checks the length of table names', () => {
    expectProblem(
      (file) => {
        file['tables'] = { S: file['tables'].Shop };
      },
      'tables.S',
      /table name "S" is 1 character long; DynamoDB needs 3 to 255/,
    );
  });

  it('checks the characters of table names', () => {
    expectProblem((file) => (file['tables'] = { 'My Shop': file['tables'].Shop }), 'tables.My Shop', /contains " "; use only letters, digits/);
  });

  it('checks index names', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes = { 'G/1': file['tables'].Shop.globalSecondaryIndexes.GSI1 }),
      'tables.Shop.globalSecondaryIndexes.G/1',
      /index name "G\/1" contains "\/"/,
    );
  });

  it('reports duplicate table names in the list form', () => {
    const problems = problemsOf((file) => {
      const table = file['tables'].Shop;
      file['tables'] = [{ name: 'Shop', ...table }, { name: 'Shop', partitionKey: 'id' }];
      file['entities'].Order.table = 'Shop';
    });
    expect(problems).toContainEqual({ path: 'tables.Shop', message: expect.stringMatching(/table "Shop" is declared twice/) });
  });

  it('reports duplicate index names across GSIs and LSIs', () => {
    expectProblem(
      (file) => (file['tables'].Shop.localSecondaryIndexes = { GSI1: { sortKey: 'placedAt' } }),
      'tables.Shop.indexes.GSI1',
      /index "GSI1" is declared twice/,
    );
  });

  it('allows at most 20 GSIs', () => {
    expectProblem(
      (file) => {
        for (let i = 3; i <= 21; i++) file['tables'].Shop.globalSecondaryIndexes[`GSI${i}`] = { partitionKey: `GSI${i}PK` };
      },
      'tables.Shop.globalSecondaryIndexes',
      /21 GSIs; DynamoDB allows 20/,
    );
  });

  it('allows at most 5 LSIs', () => {
    expectProblem(
      (file) => {
        file['tables'].Shop.localSecondaryIndexes = Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`LSI${i}`, { sortKey: `LSI${i}SK` }]));
      },
      'tables.Shop.localSecondaryIndexes',
      /6 LSIs; DynamoDB allows at most 5/,
    );
  });

  it('needs a table sort key for an LSI', () => {
    const problems = problemsOf((file) => {
      delete file['tables'].Shop.sortKey;
      delete file['entities'].Order.keys.SK;
      file['tables'].Shop.localSecondaryIndexes = { ByDate: { sortKey: 'LSI1SK' } };
    });
    expect(problems).toEqual([{ path: 'tables.Shop.localSecondaryIndexes', message: expect.stringMatching(/need a table with a sort key/) }]);
  });

  it('needs provisioned units for a PROVISIONED table and each GSI', () => {
    const problems = problemsOf((file) => (file['tables'].Shop.billingMode = 'PROVISIONED'));
    expect(problems.map((problem) => problem.path)).toEqual([
      'tables.Shop.provisioned',
      'tables.Shop.globalSecondaryIndexes.GSI1.provisioned',
      'tables.Shop.globalSecondaryIndexes.ByScore.provisioned',
    ]);
    expect(problems[0]!.message).toMatch(/a PROVISIONED table needs `provisioned: \{ readUnits, writeUnits \}`/);
  });

  it('refuses provisioned units on an on-demand table', () => {
    expectProblem((file) => (file['tables'].Shop.provisioned = { readUnits: 5, writeUnits: 5 }), 'tables.Shop.provisioned', /PAY_PER_REQUEST tables take no provisioned units/);
  });

  it('needs one type per key attribute across indexes', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: { name: 'SK', type: 'N' } }),
      'tables.Shop.globalSecondaryIndexes.GSI3.partitionKey',
      /key attribute "SK" is type N here but S in sortKey/,
    );
  });
});

describe('multi-attribute GSI keys', () => {
  const ATTRIBUTES = ['a', 'b', 'c', 'd', 'e'];

  it('reads a list of key attributes for a GSI partition or sort key, each with its type', () => {
    const file = validFile();
    file['tables'].Shop.globalSecondaryIndexes.ByScore = { partitionKey: ['customerId', 'status'], sortKey: [{ name: 'score', type: 'N' }, 'orderId'] };
    file['entities'].Order.keys = { ...file['entities'].Order.keys, customerId: '{customerId}', status: '{status}', score: '{score}', orderId: '{orderId}' };
    const gsi = normalizeModel(file).tables[0]!.globalSecondaryIndexes[1]!;
    expect(gsi.partitionKeys).toEqual([{ name: 'customerId', type: 'S' }, { name: 'status', type: 'S' }]);
    expect(gsi.sortKeys).toEqual([{ name: 'score', type: 'N' }, { name: 'orderId', type: 'S' }]);
    expect(gsi.partitionKey).toEqual({ name: 'customerId', type: 'S' });
    expect(gsi.sortKey).toEqual({ name: 'score', type: 'N' });
  });

  it('fills the lists for a one-attribute key', () => {
    const gsi = normalizeModel(validFile()).tables[0]!.globalSecondaryIndexes[0]!;
    expect(gsi.partitionKeys).toEqual([{ name: 'GSI1PK', type: 'S' }]);
    expect(gsi.sortKeys).toEqual([{ name: 'GSI1SK', type: 'S' }]);
  });

  it('allows at most 4 partition and 4 sort key attributes', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: ATTRIBUTES }),
      'tables.Shop.globalSecondaryIndexes.GSI3.partitionKey',
      /5 partition key attributes; a GSI allows at most 4/,
    );
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: 'x', sortKey: ATTRIBUTES }),
      'tables.Shop.globalSecondaryIndexes.GSI3.sortKey',
      /5 sort key attributes; a GSI allows at most 4/,
    );
    expect(problemsOf((file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: ATTRIBUTES.slice(0, 4), sortKey: ATTRIBUTES.slice(0, 4).map((name) => `s${name}`) }))).toEqual([]);
  });

  it('refuses a key attribute named twice in one index', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: ['a', 'b'], sortKey: ['c', 'a'] }),
      'tables.Shop.globalSecondaryIndexes.GSI3.sortKey[1]',
      /key attribute "a" is already in this index's key \(partitionKey\[0\]\)/,
    );
  });

  it('reads a normalised GSI given back (partitionKey and partitionKeys), and refuses the two disagreeing', () => {
    const file = validFile();
    file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: 'a', partitionKeys: ['a', 'b'], sortKey: { name: 'c', type: 'N' }, sortKeys: [{ name: 'c', type: 'N' }] };
    const gsi = normalizeModel(file).tables[0]!.globalSecondaryIndexes[2]!;
    expect(gsi.partitionKeys.map((key) => key.name)).toEqual(['a', 'b']);
    expect(normalizeModel(JSON.parse(JSON.stringify(normalizeModel(file))))).toEqual(normalizeModel(file));
    expectProblem(
      (broken) => (broken['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: 'b', partitionKeys: ['a', 'b'] }),
      'tables.Shop.globalSecondaryIndexes.GSI3.partitionKey',
      /is b \(S\) but partitionKeys starts with a \(S\)/,
    );
  });

  it('refuses an empty list', () => {
    const problems = problemsOf((file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: [] }));
    expect(problems.map((problem) => problem.path)).toEqual(['tables.Shop.globalSecondaryIndexes.GSI3.partitionKey']);
  });

  it('refuses lists on the table and on LSIs, saying lists are for GSIs', () => {
    expectProblem((file) => (file['tables'].Shop.partitionKey = ['PK', 'PK2']), 'tables.Shop.partitionKey', /a list \(a multi-attribute key\) is allowed only for a global secondary index/);
    expectProblem(
      (file) => (file['tables'].Shop.localSecondaryIndexes = { LSI1: { sortKey: ['a', 'b'] } }),
      'tables.Shop.localSecondaryIndexes.LSI1.sortKey',
      /allowed only for a global secondary index/,
    );
  });

  it('keeps one type per key attribute across every attribute of the lists', () => {
    expectProblem(
      (file) => (file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: ['x', { name: 'score', type: 'S' }] }),
      'tables.Shop.globalSecondaryIndexes.GSI3.partitionKey[1]',
      /key attribute "score" is type S here but N in globalSecondaryIndexes.ByScore.sortKey/,
    );
  });

  it('needs a template for every key attribute once an entity writes one of them', () => {
    expectProblem(
      (file) => {
        file['tables'].Shop.globalSecondaryIndexes.GSI3 = { partitionKey: ['customerId', 'status'], sortKey: 'placedAt' };
        file['entities'].Order.keys.customerId = '{customerId}';
        file['entities'].Order.keys.placedAt = '{placedAt:iso}';
      },
      'entities.Order.keys.status',
      /writes customerId and placedAt but not status; an item appears in index GSI3 only with all 3 of its key attributes/,
    );
  });
});

describe('entities', () => {
  it('have identifier names', () => {
    expectProblem(
      (file) => {
        file['entities'] = { 'Line Item': { attributes: {} } };
        file['writePaths'] = [];
      },
      'entities.Line Item',
      /entity name "Line Item" must be an identifier/,
    );
  });

  it('needs an existing table', () => {
    expectProblem((file) => (file['entities'].Order.table = 'Shops'), 'entities.Order.table', /table "Shops" is not declared\. Did you mean "Shop"\?/);
  });

  it('needs a table named when the model has several', () => {
    expectProblem((file) => (file['tables'].Other = { partitionKey: 'id' }), 'entities.Order.table', /the model has 2 tables, so say which one holds Order/);
  });

  it('reports duplicate entities in the list form', () => {
    const problems = problemsOf((file) => {
      const order = file['entities'].Order;
      file['entities'] = [{ name: 'Order', ...order }, { name: 'Order', attributes: {} }];
    });
    expect(problems).toContainEqual({ path: 'entities.Order', message: expect.stringMatching(/entity "Order" is declared twice/) });
  });

  it('reports duplicate attributes in the list form', () => {
    const problems = problemsOf((file) => {
      file['entities'].Order.attributes = [
        { name: 'customerId', type: 'string' },
        { name: 'orderId', type: 'string' },
        { name: 'placedAt', type: 'timestamp' },
        { name: 'status', type: 'enum', values: ['placed'] },
        { name: 'orderId', type: 'string' },
      ];
      delete file['entities'].Order.keysWhen;
    });
    expect(problems).toEqual([{ path: 'entities.Order.attributes.orderId', message: expect.stringMatching(/attribute "orderId" is declared twice/) }]);
  });

  it('needs values for an enum', () => {
    expectProblem((file) => (file['entities'].Order.attributes.gift = 'enum'), 'entities.Order.attributes.gift.values', /an enum needs its allowed values/);
  });

  it('takes values only on an enum', () => {
    expectProblem(
      (file) => (file['entities'].Order.attributes.gift = { type: 'string', values: ['a'] }),
      'entities.Order.attributes.gift.values',
      /values list the choices of an enum/,
    );
  });

  it('needs min ≤ max', () => {
    expectProblem(
      (file) => (file['entities'].Order.attributes.score = { type: 'number', min: 10, max: 1 }),
      'entities.Order.attributes.score.min',
      /min 10 is greater than max 1/,
    );
  });

  it('needs minLength ≤ maxLength', () => {
    expectProblem(
      (file) => (file['entities'].Order.attributes.orderId = { type: 'string', minLength: 10, maxLength: 8 }),
      'entities.Order.attributes.orderId.minLength',
      /minLength 10 is greater than maxLength 8/,
    );
  });

  it('checks formats by type', () => {
    expectProblem(
      (file) => (file['entities'].Order.attributes.score = { type: 'number', format: 'decimal' }),
      'entities.Order.attributes.score.format',
      /"decimal" is not a number format/,
    );
  });
});

describe('key templates', () => {
  it('name only key attributes of the table and its indexes', () => {
    expectProblem(
      (file) => (file['entities'].Order.keys.GSIPK = 'X'),
      'entities.Order.keys.GSIPK',
      /"GSIPK" is not a key attribute of table Shop or its indexes\. Did you mean "GSI1PK"\?/,
    );
  });

  it('compile', () => {
    expectProblem((file) => (file['entities'].Order.keys.SK = 'ORDER#{placedAt:isox}'), 'entities.Order.keys.SK', /does not compile: unknown key format "isox"/);
  });

  it('use only declared attributes', () => {
    expectProblem(
      (file) => (file['entities'].Order.keys.PK = 'CUSTOMER#{customerID}'),
      'entities.Order.keys.PK',
      /uses \{customerID\}, which Order does not declare\. Did you mean "customerId"\?/,
    );
  });

  it('on an N key attribute are a single field', () => {
    const problems = problemsOf((file) => {
      file['entities'].Order.keys.GSI2PK = 'SCORES';
      file['entities'].Order.keys.score = 'SCORE#{score}';
    });
    expect(problems).toEqual([{ path: 'entities.Order.keys.score', message: expect.stringMatching(/number \(N\) key attribute, so its template must be one plain field such as "\{rating\}"/) }]);
  });

  it('accept a single field on an N key attribute', () => {
    expect(
      problemsOf((file) => {
        file['entities'].Order.keys.GSI2PK = 'SCORES';
        file['entities'].Order.keys.score = '{score}';
      }),
    ).toEqual([]);
  });

  it('on a B key attribute are a single field', () => {
    const withBinaryIndex = (template: string) =>
      problemsOf((file) => {
        file['tables'].Shop.globalSecondaryIndexes.ByBlob = { partitionKey: { name: 'BIN', type: 'B' } };
        file['entities'].Order.keys.BIN = template;
      });
    expect(withBinaryIndex('{orderId}')).toEqual([]);
    expect(withBinaryIndex('B#{orderId}')).toEqual([{ path: 'entities.Order.keys.BIN', message: expect.stringMatching(/binary \(B\) key attribute, so its template must be one plain field/) }]);
  });

  it('include the table keys when any are given', () => {
    expectProblem((file) => delete file['entities'].Order.keys.SK, 'entities.Order.keys.SK', /no template for the table's sort key "SK"/);
  });

  it('come in pairs for a GSI with a sort key', () => {
    const problems = problemsOf((file) => {
      delete file['entities'].Order.keys.GSI1SK;
      delete file['entities'].Order.keysWhen.GSI1SK;
    });
    expect(problems).toEqual([{ path: 'entities.Order.keys.GSI1SK', message: expect.stringMatching(/writes GSI1PK but not GSI1SK/) }]);
  });
});

describe('keysWhen', () => {
  it('names key attributes the entity writes', () => {
    expectProblem((file) => (file['entities'].Order.keysWhen.GSI2PK = { status: 'placed' }), 'entities.Order.keysWhen.GSI2PK', /Order has no template for "GSI2PK" in keys/);
  });

  it('does not apply to the table keys', () => {
    expectProblem((file) => (file['entities'].Order.keysWhen.SK = { status: 'placed' }), 'entities.Order.keysWhen.SK', /a key of the table itself/);
  });

  it('names declared attributes', () => {
    expectProblem((file) => (file['entities'].Order.keysWhen.GSI1PK = { state: 'placed' }), 'entities.Order.keysWhen.GSI1PK.state', /Order does not declare "state"/);
  });

  it('uses values the enum allows', () => {
    expectProblem(
      (file) => (file['entities'].Order.keysWhen.GSI1PK = { status: 'shiped' }),
      'entities.Order.keysWhen.GSI1PK.status',
      /"shiped" is not a value of enum status\. Did you mean "shipped"\?/,
    );
  });

  it('uses true or false for a boolean', () => {
    expectProblem((file) => (file['entities'].Order.keysWhen.GSI1PK = { gift: 'yes' }), 'entities.Order.keysWhen.GSI1PK.gift', /must be true or false/);
  });

  it('uses a number for a number', () => {
    expectProblem((file) => (file['entities'].Order.keysWhen.GSI1PK = { score: 'high' }), 'entities.Order.keysWhen.GSI1PK.score', /must be a number, not "high"/);
  });

  it('reads a YAML boolean as its text', () => {
    expect(problemsOf((file) => (file['entities'].Order.keysWhen.GSI1PK = { gift: true }))).toEqual([]);
  });
});

describe('access patterns', () => {
  it('have identifier names', () => {
    expectProblem((file) => (file['accessPatterns'][0].name = 'list orders'), 'accessPatterns.list orders.name', /must be an identifier/);
  });

  it('have unique names', () => {
    expectProblem(
      (file) => file['accessPatterns'].push({ name: 'listOrders', question: 'list orders' }),
      'accessPatterns.listOrders',
      /access pattern "listOrders" is declared twice \(positions 1 and 2\)/,
    );
  });

  it('have a question', () => {
    expectProblem((file) => (file['accessPatterns'][0].question = '  '), 'accessPatterns.listOrders.question', /the question is empty/);
  });
});

describe('write paths', () => {
  it('name an existing entity', () => {
    expectProblem((file) => (file['writePaths'][0].entity = 'Ordr'), 'writePaths.shipOrder.entity', /entity "Ordr" is not declared\. Did you mean "Order"\?/);
  });

  it('name at least one attribute for an update', () => {
    expectProblem((file) => (file['writePaths'][0].attributes = []), 'writePaths.shipOrder.attributes', /an update must name the attributes it changes/);
  });

  it('name declared attributes', () => {
    expectProblem((file) => (file['writePaths'][0].attributes = ['stauts']), 'writePaths.shipOrder.attributes', /Order does not declare "stauts"\. Did you mean "status"\?/);
  });

  it('have unique names, also among access patterns', () => {
    expectProblem((file) => (file['writePaths'][0].name = 'listOrders'), 'writePaths.listOrders.name', /also an access pattern's name/);
  });
});

describe('ModelError', () => {
  it('lists every problem, one per line, after a heading naming the source', () => {
    try {
      normalizeModel({ tables: {}, entities: {}, accessPatterns: [{ name: '1x', question: 'q' }] }, 'm.yaml');
      expect.unreachable();
    } catch (error) {
      const modelError = error as ModelError;
      expect(modelError.problems).toHaveLength(2);
      expect(modelError.message.split('\n')).toEqual([
        '2 problems in m.yaml:',
        `  ${modelError.problems[0]!.path}: ${modelError.problems[0]!.message}`,
        `  ${modelError.problems[1]!.path}: ${modelError.problems[1]!.message}`,
      ]);
    }
  });
});
