/** Okabe–Ito: distinguishable with every common colour-vision deficiency. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/**
 * The same eight on a dark background: Okabe–Ito's blue (#0072B2) and black vanish on near-black,
 * so the dark palette leads with the sky blue and draws black as light grey; the order of the
 * hues is otherwise kept, so "the second series is orange" holds in both themes.
 */
export const PALETTE_DARK = ['#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#7FC4EE', '#E8702A', '#F0E442', '#D9D9D9'];
