import { chartScale, curvePoints, type Box } from './crash-curve-math';

/** The colours of the chart (the theme's CSS variables, read once). */
export interface ChartColors {
  line: string;
  muted: string;
  curve: string;
  bust: string;
}

export function readChartColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--color-line', '#2c3252'),
    muted: read('--color-muted', '#a3a9c7'),
    curve: read('--color-gold', '#f5c542'),
    bust: read('--color-danger', '#ff6b6b'),
  };
}

const PAD_LEFT = 34;
const PAD_BOTTOM = 20;

/**
 * One frame of the chart in a canvas of `width` × `height` CSS pixels (drawn at `dpr`): the grid with its
 * labels, and the curve up to `elapsedMs` (gold while the game runs; red, with the bust point, once busted).
 */
export function drawCrashChart(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number; dpr: number },
  view: { elapsedMs: number | null; multiplier: number | null; busted: boolean },
  colors: ChartColors,
  labels: { seconds: (value: number) => string; multiplier: (value: number) => string },
): void {
  const { width, height, dpr } = size;
  context.setTransform(dpr, 0, 0, dpr, 0, 0);
  context.clearRect(0, 0, width, height);
  if (width <= PAD_LEFT || height <= PAD_BOTTOM) return;

  const elapsed = view.elapsedMs ?? 0;
  const scale = chartScale(elapsed, view.multiplier ?? 1);
  const box: Box = { width, height, padLeft: PAD_LEFT, padBottom: PAD_BOTTOM };
  const plotHeight = height - PAD_BOTTOM;
  const plotWidth = width - PAD_LEFT;

  // The grid: three multipliers up the side, the seconds along the bottom.
  context.lineWidth = 1;
  context.font = '11px system-ui, sans-serif';
  context.fillStyle = colors.muted;
  context.strokeStyle = colors.line;
  context.textBaseline = 'middle';
  context.textAlign = 'right';
  for (let i = 0; i <= 2; i += 1) {
    const value = 1 + ((scale.maxMultiplier - 1) * i) / 2;
    const y = Math.round(plotHeight - (plotHeight * i) / 2) + 0.5;
    context.beginPath();
    context.moveTo(PAD_LEFT, y);
    context.lineTo(width, y);
    context.stroke();
    context.fillText(labels.multiplier(value), PAD_LEFT - 4, Math.min(Math.max(y, 8), plotHeight - 2));
  }
  context.textAlign = 'center';
  context.textBaseline = 'top';
  const stepS = scale.maxMs > 40_000 ? 20 : scale.maxMs > 20_000 ? 10 : 5;
  for (let s = stepS; s * 1000 < scale.maxMs; s += stepS) {
    context.fillText(labels.seconds(s), PAD_LEFT + (s * 1000 * plotWidth) / scale.maxMs, plotHeight + 4);
  }

  if (view.elapsedMs === null) return;
  const points = curvePoints(elapsed, box, scale);
  const colour = view.busted ? colors.bust : colors.curve;
  const tip = points[points.length - 1];

  // The area under the curve, then the curve.
  context.beginPath();
  context.moveTo(points[0].x, plotHeight);
  for (const point of points) context.lineTo(point.x, point.y);
  context.lineTo(tip.x, plotHeight);
  context.closePath();
  context.globalAlpha = 0.15;
  context.fillStyle = colour;
  context.fill();
  context.globalAlpha = 1;

  context.beginPath();
  context.moveTo(points[0].x, points[0].y);
  for (const point of points.slice(1)) context.lineTo(point.x, point.y);
  context.lineWidth = 3;
  context.lineJoin = 'round';
  context.strokeStyle = colour;
  context.stroke();

  context.beginPath();
  context.arc(tip.x, tip.y, view.busted ? 6 : 4, 0, Math.PI * 2);
  context.fillStyle = colour;
  context.fill();
}
