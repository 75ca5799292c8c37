/**
 * The one rule for printing a number in its unit, shared with the workbench: the CLI and the
 * report's own text print a figure exactly as the views and charts do. The rule lives beside the
 * renderer's formatting because the renderer may import nothing from the core; it is pure (Intl
 * only), so the core can use it as it is.
 */
export { decimalsFor, formatNumber, formatWithUnit } from '../../../renderer/number-format.js';
