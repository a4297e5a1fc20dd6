/**
 * Writes a Model back in the file form, compactly: maps keyed by name,
 * shorthands where they fit, defaults omitted. parseModel reads it back to an
 * equal Model.
 */
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import { pluralize } from './plural.js';
import type { AttributeSpec, EntitySpec, GlobalIndexSpec, KeyAttribute, LocalIndexSpec, Model, Projection, TableSpec } from './types.js';

type Plain = Record<string, unknown>;

/** Drops undefined fields so neither YAML nor JSON shows them. */
function compact(object: Plain): Plain {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

function keyAttributeForm(key: KeyAttribute): Plain {
  return { name: key.name, type: key.type };
}

function projectionForm(projection: Projection): unknown {
  if (projection.type === 'ALL') return undefined;
  if (projection.type === 'KEYS_ONLY') return 'KEYS_ONLY';
  return [...projection.attributes];
}

function byName<T extends { name: string }>(items: readonly T[], form: (item: T) => unknown): Plain | undefined {
  if (items.length === 0) return undefined;
  return Object.fromEntries(items.map((item) => [item.name, form(item)]));
}

/** One attribute as a map; a multi-attribute key as a list of them. */
function keyListForm(keys: readonly KeyAttribute[]): unknown {
  if (keys.length === 0) return undefined;
  return keys.length === 1 ? keyAttributeForm(keys[0]!) : keys.map(keyAttributeForm);
}

function globalIndexForm(index: GlobalIndexSpec): Plain {
  return compact({
    partitionKey: keyListForm(index.partitionKeys),
    sortKey: keyListForm(index.sortKeys),
    projection: projectionForm(index.projection),
    provisioned: index.provisioned ? { ...index.provisioned } : undefined,
  });
}

function localIndexForm(index: LocalIndexSpec): Plain {
  return compact({ sortKey: keyAttributeForm(index.sortKey), projection: projectionForm(index.projection) });
}

function tableForm(table: TableSpec): Plain {
  return compact({
    partitionKey: keyAttributeForm(table.partitionKey),
    sortKey: table.sortKey ? keyAttributeForm(table.sortKey) : undefined,
    billingMode: table.billingMode === 'PAY_PER_REQUEST' ? undefined : table.billingMode,
    provisioned: table.provisioned ? { ...table.provisioned } : undefined,
    globalSecondaryIndexes: byName(table.globalSecondaryIndexes, globalIndexForm),
    localSecondaryIndexes: byName(table.localSecondaryIndexes, localIndexForm),
    timeToLiveAttribute: table.timeToLiveAttribute,
    tableClass: table.tableClass,
  });
}

function attributeForm(attribute: AttributeSpec): unknown {
  const { name: _name, type, mutable, unique, required, ...optional } = attribute;
  const object = compact({
    type,
    ...(mutable ? { mutable } : {}),
    ...(unique ? { unique } : {}),
    ...(required ? {} : { required }),
    ...optional,
  });
  // `createdAt: timestamp` when nothing but the type is said.
  return Object.keys(object).length === 1 ? type : object;
}

function entityForm(entity: EntitySpec, onlyTable: string | undefined): Plain {
  return compact({
    plural: entity.plural === pluralize(entity.name) ? undefined : entity.plural,
    table: entity.table === onlyTable ? undefined : entity.table,
    description: entity.description,
    count: entity.count,
    averageItemBytes: entity.averageItemBytes,
    assumed: entity.assumed !== undefined ? [...entity.assumed] : undefined,
    attributes: byName(entity.attributes, attributeForm),
    keys: Object.keys(entity.keys).length > 0 ? { ...entity.keys } : undefined,
    keysWhen: Object.keys(entity.keysWhen).length > 0 ? structuredClone(entity.keysWhen) : undefined,
  });
}

/** The file form of a model as plain data. */
export function modelFileForm(model: Model): Plain {
  const onlyTable = model.tables.length === 1 ? model.tables[0]!.name : undefined;
  return compact({
    name: model.name,
    description: model.description,
    tables: byName(model.tables, tableForm) ?? {},
    entities: byName(model.entities, (entity) => entityForm(entity, onlyTable)) ?? {},
    accessPatterns: model.accessPatterns.length > 0 ? model.accessPatterns.map((pattern) => compact({ ...pattern, assumed: pattern.assumed !== undefined ? [...pattern.assumed] : undefined })) : undefined,
    writePaths:
      model.writePaths.length > 0
        ? model.writePaths.map((write) =>
            compact({
              name: write.name,
              entity: write.entity,
              kind: write.kind,
              attributes: write.attributes.length > 0 ? [...write.attributes] : undefined,
              rate: write.rate,
              description: write.description,
              assumed: write.assumed !== undefined ? [...write.assumed] : undefined,
            }),
          )
        : undefined,
  });
}

const FLOW_WIDTH = 100;

/** Collections of scalars print on one line (`{ name: PK, type: S }`) when short; key templates stay one per line. */
function flowLeafCollections(document: Document): void {
  visit(document, {
    Collection(_, node) {
      const items = isMap(node) ? node.items.map((pair) => pair.value) : isSeq(node) ? node.items : [];
      const leaf = items.every((item) => isScalar(item) || (isSeq(item) && item.items.every(isScalar)));
      if (JSON.stringify(node.toJSON()).includes('{', 1)) return;
      if (leaf && items.length > 0 && JSON.stringify(node.toJSON()).length <= FLOW_WIDTH) node.flow = true;
    },
  });
}

export function serializeModel(model: Model, format: 'yaml' | 'json' = 'yaml'): string {
  const form = modelFileForm(model);
  if (format === 'json') return `${JSON.stringify(form, null, 2)}\n`;
  const document = new Document(form);
  flowLeafCollections(document);
  return document.toString({ lineWidth: 0 });
}
