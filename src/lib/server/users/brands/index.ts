/** The brands domain's face: the only module other domains and pages import from it. */
export { readBrandAvatar, saveBrandAvatar } from './save-avatar';
export { findBrandOf, serializeBrand, setBrandCategory, updateBrand } from './update-brand';
export type { BrandRow } from './update-brand';
