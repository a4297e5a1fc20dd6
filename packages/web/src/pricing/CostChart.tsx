/** A horizontal grouped bar chart in plain SVG; the figures are also in the table beside it, so the chart is one image to assistive technology. */
import { useId } from 'react';
import { layoutBars, type BarGroup } from './bar-layout.js';

interface CostChartProps {
  readonly title: string;
  readonly groups: readonly BarGroup[];
  readonly series: readonly string[];
  readonly format: (value: number) => string;
}

function shorten(label: string, max = 26): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

export function CostChart({ title, groups, series, format }: CostChartProps) {
  const id = useId();
  const layout = layoutBars(groups);
  const description = groups.map((group) => `${group.label}: ${group.values.map((value, index) => `${series[index]} ${format(value)}`).join(', ')}`).join('; ');
  return (
    <figure className="pricing-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <ul className="pricing-legend" aria-hidden="true">
        {series.map((name, index) => (
          <li key={name}>
            <span className={`pricing-swatch pricing-series-${index}`} />
            {name}
          </li>
        ))}
      </ul>
      <svg role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} height={layout.height}>
        <desc id={`${id}-desc`}>{description}</desc>
        {layout.ticks.map((tick) => (
          <g key={tick.x}>
            <line className="pricing-gridline" x1={tick.x} x2={tick.x} y1={0} y2={layout.height - 18} />
            <text className="pricing-tick" x={tick.x} y={layout.height - 4} textAnchor="middle">
              {format(tick.value)}
            </text>
          </g>
        ))}
        {layout.groups.map((group) => (
          <g key={group.label}>
            <text className="pricing-bar-label" x={layout.plotLeft - 8} y={group.labelY} textAnchor="end" dominantBaseline="middle">
              <title>{group.label}</title>
              {shorten(group.label)}
            </text>
            {group.bars.map((bar) => (
              <rect key={bar.series} className={`pricing-series-${bar.series}`} x={bar.x} y={bar.y} width={Math.max(bar.width, bar.value > 0 ? 1 : 0)} height={bar.height}>
                <title>{`${group.label}, ${series[bar.series]}: ${format(bar.value)}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}
