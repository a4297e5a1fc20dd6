/** The Design pages' table: each page's URL, its palette command and its place in the navigation come from its entry. */
import { describe, expect, it } from 'vitest';
import { buildCommands, type CommandContext } from '../../src/app/commands.js';
import { parseRoute, routePath } from '../../src/app/router.js';
import { DESIGN_PAGES } from '../../src/design-area/pages.js';

const context: CommandContext = {
  route: { view: 'design', page: 'model' },
  connections: [],
  tableNames: [],
  tabs: [],
  closeActiveTab: () => {},
  stepTab: () => {},
  deleteTable: () => {},
  addConnection: () => {},
  closeConnection: () => {},
};

describe('the Design pages', () => {
  it('keep their URLs (bookmarks), the first one at /design', () => {
    const paths = DESIGN_PAGES.map((page) => routePath({ view: 'design', page: page.id }));
    expect(paths[0]).toBe('/design');
    expect(paths).toEqual(expect.arrayContaining(['/design/verify', '/design/pricing', '/design/expressions', '/design/codegen']));
    for (const page of DESIGN_PAGES) expect(parseRoute(routePath({ view: 'design', page: page.id }))).toEqual({ view: 'design', page: page.id });
  });

  it('have one id and one title each', () => {
    expect(new Set(DESIGN_PAGES.map((page) => page.id)).size).toBe(DESIGN_PAGES.length);
    expect(new Set(DESIGN_PAGES.map((page) => page.title)).size).toBe(DESIGN_PAGES.length);
  });

  it('are each a palette command, in the table order, under their title', () => {
    const design = buildCommands(context).filter((command) => command.group === 'Design');
    expect(design.map((command) => [command.id, command.label])).toEqual(DESIGN_PAGES.map((page) => [`design:${page.id}`, page.title]));
  });
});
