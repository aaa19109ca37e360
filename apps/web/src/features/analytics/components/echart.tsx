import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// only what the analytics screens draw: lines and bars, drawn as SVG (no canvas: crisp and printable)
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The antd theme's colours for a chart, so it follows light and dark. */
export function useChartColors() {
  const { token } = theme.useToken();
  return {
    palette: [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, '#13c2c2', '#722ed1'],
    primary: token.colorPrimary,
    error: token.colorError,
    text: token.colorTextSecondary,
    axis: token.colorBorder,
    split: token.colorBorderSecondary,
    tooltipBackground: token.colorBgElevated,
    tooltipText: token.colorText,
  };
}

/** One ECharts chart: set up once, its option replaced on change, resized with its box, disposed on unmount. */
export function EChart({ option, height = 300, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const element = box.current!;
    chart.current = echarts.init(element, undefined, { renderer: 'svg' });
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
