/**
 * The ECharts parts every chart kind needs, registered once for the workbench's charts and the
 * report pages alike (a kind drawn on screen must also draw on paper).
 */
import { BarChart, BoxplotChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, BoxplotChart, HeatmapChart, LineChart, ScatterChart, VisualMapComponent, DataZoomComponent, GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);
