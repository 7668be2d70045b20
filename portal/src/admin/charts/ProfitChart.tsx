import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Profit Potential Distribution (spec s2): a pie by default, or horizontal bars. Rendered as
// SVG, so the browser tests can check that no two labels overlap.

echarts.use([PieChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const COLOURS = ['#238551', '#2d72d2', '#c87619', '#cd4246', '#7961db'];

export function ProfitChart(props: {
  kind: 'pie' | 'bar';
  data: { category: string; count: number }[];
  dark: boolean;
}) {
  const text = props.dark ? '#c5cbd3' : '#404854';
  const option =
    props.kind === 'pie'
      ? {
          color: COLOURS,
          tooltip: { trigger: 'item' },
          // Counts in the legend, not on the slices: slice labels of small slices run into each
          // other and into the legend.
          legend: {
            bottom: 0,
            textStyle: { color: text },
            formatter: (name: string) => `${name} ${props.data.find((d) => d.category === name)?.count ?? ''}`,
          },
          series: [
            {
              type: 'pie',
              radius: ['30%', '58%'],
              center: ['50%', '44%'],
              label: { show: false },
              data: props.data.map((d) => ({ name: d.category, value: d.count })),
            },
          ],
        }
      : {
          color: COLOURS,
          tooltip: { trigger: 'axis' },
          grid: { left: 90, right: 16, top: 8, bottom: 24 },
          xAxis: { type: 'value', minInterval: 1, axisLabel: { color: text } },
          yAxis: { type: 'category', data: props.data.map((d) => d.category), axisLabel: { color: text } },
          series: [
            {
              type: 'bar',
              data: props.data.map((d, i) => ({ value: d.count, itemStyle: { color: COLOURS[i % COLOURS.length] } })),
            },
          ],
        };
  return (
    <ReactEChartsCore echarts={echarts} option={option} opts={{ renderer: 'svg' }} style={{ height: 240 }} notMerge />
  );
}
