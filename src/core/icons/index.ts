export { createIconCatalog, type IconCatalogOptions } from './catalog';
export { iconToSvg, type IconSvgOptions } from './iconSvg';
export { normalizeIconName } from './iconQuery';
export type { IconCatalog, IconIndex, IconIndexSet, IconMatch, IconSetInfo, IconShard, IconSource } from './types';
