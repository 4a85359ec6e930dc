export { createIconCatalog, type IconCatalogOptions } from './catalog';
export { iconToSvg, type IconSvgOptions } from './iconSvg';
export { iconTotals } from './iconTotals';
export { normalizeIconName } from './iconQuery';
export type { IconCatalog, IconIndex, IconIndexSet, IconMatch, IconSetInfo, IconShard, IconSource, IconTotals } from './types';
