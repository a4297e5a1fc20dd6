/** The width texts take on screen in a given font (a canvas measures without laying anything out). */
let context: CanvasRenderingContext2D | null | undefined;

export function widestTextWidth(texts: readonly string[], font: string): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (context === null) return 0;
  context.font = font;
  let widest = 0;
  for (const text of texts) widest = Math.max(widest, context.measureText(text).width);
  return widest;
}

/** The font a cell of the grid uses for a value of `type` (numbers, binary, maps and lists are in the monospace font). */
export function cellFont(grid: HTMLElement, monospace: boolean, weight?: number): string {
  const style = getComputedStyle(grid);
  const family = monospace ? getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace' : style.fontFamily;
  return `${style.fontStyle} ${weight ?? style.fontWeight} ${style.fontSize} ${family}`;
}
