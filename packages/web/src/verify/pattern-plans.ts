/**
 * The plan of each access pattern, as verify runs it: a model without keys is
 * designed first (verify does the same), then each pattern is planned against
 * the keys. Pure core functions: no model parsing in the browser.
 */
import { designModel, planAccessPattern, type Model, type PatternPlan } from '@dynotable/core';

/** The model verify works on: the one given, or its design when it has no keys yet. */
export function verifiedModel(model: Model): Model {
  const hasKeys = model.entities.some((entity) => Object.keys(entity.keys).length > 0);
  return hasKeys ? model : designModel(model).model;
}

/** Each access pattern's plan by its name; a pattern that cannot be planned is left out. */
export function planPatterns(model: Model): ReadonlyMap<string, PatternPlan> {
  const plans = new Map<string, PatternPlan>();
  for (const pattern of model.accessPatterns) {
    try {
      plans.set(pattern.name, planAccessPattern(model, pattern));
    } catch {
      // A question the planner cannot read: verify reports it; there is nothing to open.
    }
  }
  return plans;
}
