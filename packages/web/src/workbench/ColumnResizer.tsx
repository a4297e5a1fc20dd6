/**
 * The right edge of a column header: drag it to resize the column,
 * double-click it to fit the widest loaded value. It takes the focus too:
 * Left and Right arrows narrow and widen (with Shift, in bigger steps),
 * Enter fits.
 */
import { useRef, type KeyboardEvent } from 'react';
import { MAX_WIDTH, MIN_WIDTH } from './column-sizing.js';

const STEP = 10;
const BIG_STEP = 50;

interface ColumnResizerProps {
  readonly name: string;
  readonly width: number;
  readonly onResize: (width: number) => void;
  readonly onFit: () => void;
}

export function ColumnResizer({ name, width, onResize, onFit }: ColumnResizerProps) {
  const drag = useRef<{ readonly x: number; readonly width: number } | undefined>(undefined);
  const end = () => {
    drag.current = undefined;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => onResize(width - step),
      ArrowRight: () => onResize(width + step),
      Home: () => onResize(MIN_WIDTH),
      End: () => onResize(MAX_WIDTH),
      Enter: onFit,
    };
    const key = keys[event.key];
    if (key === undefined) return;
    event.preventDefault();
    key();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${name}`}
      aria-valuenow={width}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      aria-valuetext={`${width} pixels`}
      tabIndex={0}
      className="wb-resizer"
      title="Drag to resize, double-click to fit the widest value (focused: arrows resize, Enter fits)"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width };
      }}
      onPointerMove={(event) => {
        if (drag.current !== undefined) onResize(drag.current.width + event.clientX - drag.current.x);
      }}
      onPointerUp={end}
      onPointerCancel={end}
      onLostPointerCapture={end}
      onDoubleClick={onFit}
      onKeyDown={onKeyDown}
    />
  );
}
