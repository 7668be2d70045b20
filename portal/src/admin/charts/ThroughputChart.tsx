// The ES module build: the CommonJS one hands Vite an object, not the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { formatNumber } from '@ideamine/shared/format';

// The Worker Performance charts of spec s2: Crawl Tasks and Transform Tasks as smooth lines
// (tension 0.4) with 10% fills of the primary and secondary colours, legend on top, axis
// 'Tasks Processed' from zero, one tooltip for all series at an x position, whole numbers, 200 px.

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const PRIMARY = '#2d72d2';
const SECONDARY = '#7961db';

export function ThroughputChart(props: {
  title: string;
  labels: string[];
  crawl: number[];
  transform: number[];
  dark: boolean;
}) {
  const text = props.dark ? '#c5cbd3' : '#404854';
  const series = (name: string, data: number[], color: string) => ({
    name,
    type: 'line' as const,
    data,
    smooth: 0.4,
    showSymbol: false,
    lineStyle: { color, width: 2 },
    itemStyle: { color },
    areaStyle: { color, opacity: 0.1 },
  });
  const option = {
    title: { show: false },
    legend: { top: 0, textStyle: { color: text } },
    // The axis name runs along the axis, clear of the legend above the plot.
    grid: { left: 64, right: 12, top: 32, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatNumber(v, { decimals: 0 }) },
    xAxis: { type: 'category', data: props.labels, axisLabel: { color: text } },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      name: 'Tasks Processed',
      nameLocation: 'middle',
      nameRotate: 90,
      nameGap: 48,
      nameTextStyle: { color: text },
      axisLabel: { color: text, formatter: (v: number) => formatNumber(v, { decimals: 0 }) },
    },
    series: [series('Crawl Tasks', props.crawl, PRIMARY), series('Transform Tasks', props.transform, SECONDARY)],
  };
  return (
    <figure className="im-chart" aria-label={props.title}>
      <figcaption>{props.title}</figcaption>
      <ReactEChartsCore echarts={echarts} option={option} opts={{ renderer: 'svg' }} style={{ height: 200 }} notMerge />
    </figure>
  );
}
