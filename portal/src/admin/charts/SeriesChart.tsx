// The ES module build: the CommonJS one hands Vite an object, not the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { formatNumber } from '@ideamine/shared/format';

// Time series of the operator screens (LLM calls, analytics, engagement): bars and lines over
// one category axis, optionally a second value axis (e.g. cost beside calls), legend on top,
// one tooltip for every series at an x position.

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface ChartSeries {
  name: string;
  data: number[];
  kind: 'line' | 'bar';
  color: string;
  /** 1 puts the series on the right-hand axis. */
  axis?: 0 | 1;
  decimals?: number;
}

export function SeriesChart(props: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  axisNames: [string, string?];
  dark: boolean;
  height?: number;
}) {
  const text = props.dark ? '#c5cbd3' : '#404854';
  // Axis names run along their axis, clear of the legend above the plot.
  const valueAxis = (name: string | undefined, decimals: number) => ({
    type: 'value' as const,
    min: 0,
    name,
    nameLocation: 'middle' as const,
    nameRotate: 90,
    nameGap: 52,
    nameTextStyle: { color: text },
    axisLabel: { color: text, formatter: (v: number) => formatNumber(v, { decimals }) },
    splitLine: { show: name === props.axisNames[0] },
  });
  const option = {
    legend: { top: 0, textStyle: { color: text } },
    grid: { left: 68, right: props.axisNames[1] ? 68 : 12, top: 36, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: props.labels, axisLabel: { color: text } },
    yAxis: [valueAxis(props.axisNames[0], 0), ...(props.axisNames[1] ? [valueAxis(props.axisNames[1], 2)] : [])],
    series: props.series.map((s) => ({
      name: s.name,
      type: s.kind,
      data: s.data,
      yAxisIndex: s.axis ?? 0,
      smooth: s.kind === 'line' ? 0.4 : undefined,
      showSymbol: false,
      itemStyle: { color: s.color },
      lineStyle: s.kind === 'line' ? { color: s.color, width: 2 } : undefined,
      tooltip: { valueFormatter: (v: number) => formatNumber(v, { decimals: s.decimals ?? 0 }) },
    })),
  };
  return (
    <figure className="im-chart" aria-label={props.title}>
      <figcaption>{props.title}</figcaption>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        opts={{ renderer: 'svg' }}
        style={{ height: props.height ?? 240 }}
        notMerge
      />
    </figure>
  );
}
