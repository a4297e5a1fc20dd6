/** Access pattern and write path rules: identifiers, questions, and references to declared entities and attributes. */
import type { ProblemList } from '../errors.js';
import { findAttribute, findEntity } from '../lookup.js';
import { didYouMean, quotedNames } from '../suggest.js';
import type { Model } from '../types.js';
import { checkIdentifier, checkUnique } from './names.js';

export function checkAccessPatterns(problems: ProblemList, model: Model): void {
  const names = model.accessPatterns.map((pattern) => pattern.name);
  checkUnique(problems, names, (name) => `accessPatterns.${name}`, 'access pattern');
  model.accessPatterns.forEach((pattern, index) => {
    const path = pattern.name === '' ? `accessPatterns[${index}]` : `accessPatterns.${pattern.name}`;
    checkIdentifier(problems, `${path}.name`, 'access pattern', pattern.name);
    if (pattern.question.trim() === '') {
      problems.add(`${path}.question`, 'the question is empty; write it in words, such as "list matches by player, newest first"');
    }
  });
}

export function checkWritePaths(problems: ProblemList, model: Model): void {
  const names = model.writePaths.map((write) => write.name);
  checkUnique(problems, names, (name) => `writePaths.${name}`, 'write path');
  const patternNames = new Set(model.accessPatterns.map((pattern) => pattern.name));
  const entityNames = model.entities.map((entity) => entity.name);
  model.writePaths.forEach((write, index) => {
    const path = write.name === '' ? `writePaths[${index}]` : `writePaths.${write.name}`;
    checkIdentifier(problems, `${path}.name`, 'write path', write.name);
    if (patternNames.has(write.name)) {
      problems.add(`${path}.name`, `"${write.name}" is also an access pattern's name; generated code has one function per name, so rename one`);
    }
    const entity = findEntity(model, write.entity);
    if (!entity) {
      problems.add(`${path}.entity`, `entity "${write.entity}" is not declared.${didYouMean(write.entity, entityNames)} Declared entities: ${quotedNames(entityNames)}.`);
      return;
    }
    if (write.kind !== 'update') {
      if (write.attributes.length > 0) {
        problems.add(`${path}.attributes`, `attributes list what an update changes; a ${write.kind} writes the whole item, so remove them or use kind: update`);
      }
      return;
    }
    if (write.attributes.length === 0) {
      problems.add(`${path}.attributes`, 'an update must name the attributes it changes: `attributes: [status]`');
    }
    const declared = entity.attributes.map((attribute) => attribute.name);
    for (const name of write.attributes) {
      if (!findAttribute(entity, name)) {
        problems.add(`${path}.attributes`, `${entity.name} does not declare "${name}".${didYouMean(name, declared)} Declare it or fix the name.`);
      }
    }
  });
}
