/** The design in progress: keys, sparse conditions, indexes and decisions, turned into a Model at the end. */
import type {
  AccessPatternSpec,
  AttributeSpec,
  DesignDecision,
  EntitySpec,
  GlobalIndexSpec,
  Model,
  PatternMeaning,
  TableSpec,
} from '../model/types.js';

export interface Reading {
  readonly pattern: AccessPatternSpec;
  readonly meaning: PatternMeaning;
}

export class DesignDraft {
  readonly decisions: DesignDecision[] = [];
  private readonly entities = new Map<string, EntitySpec>();
  private readonly tables = new Map<string, TableSpec>();

  constructor(private readonly source: Model) {
    for (const table of source.tables) {
      const partitionKey = table.partitionKey.type === 'S' && table.sortKey?.type === 'S' ? table.partitionKey : { name: 'PK', type: 'S' as const };
      const sortKey = table.partitionKey.type === 'S' && table.sortKey?.type === 'S' ? table.sortKey : { name: 'SK', type: 'S' as const };
      this.tables.set(table.name, { ...table, partitionKey, sortKey, globalSecondaryIndexes: [], localSecondaryIndexes: [] });
    }
    for (const entity of source.entities) this.entities.set(entity.name, { ...entity, keys: {}, keysWhen: {} });
  }

  decide(subject: string, decision: string, why: string): void {
    this.decisions.push({ subject, decision, why });
  }

  entity(name: string): EntitySpec {
    const entity = this.entities.get(name);
    if (entity === undefined) throw new Error(`the model has no entity ${name}`);
    return entity;
  }

  table(name: string): TableSpec {
    const table = this.tables.get(name);
    if (table === undefined) throw new Error(`the model has no table ${name}`);
    return table;
  }

  setKeys(entityName: string, keys: Record<string, string>, keysWhen: Record<string, Record<string, string>> = {}): void {
    const entity = this.entity(entityName);
    this.entities.set(entityName, { ...entity, keys: { ...entity.keys, ...keys }, keysWhen: { ...entity.keysWhen, ...keysWhen } });
  }

  addAttribute(entityName: string, attribute: AttributeSpec): void {
    const entity = this.entity(entityName);
    this.entities.set(entityName, { ...entity, attributes: [...entity.attributes, attribute] });
  }

  addIndex(tableName: string, index: GlobalIndexSpec): void {
    const table = this.table(tableName);
    this.tables.set(tableName, { ...table, globalSecondaryIndexes: [...table.globalSecondaryIndexes, index] });
  }

  model(): Model {
    return {
      ...this.source,
      tables: this.source.tables.map((table) => this.table(table.name)),
      entities: this.source.entities.map((entity) => this.entity(entity.name)),
    };
  }
}
