/** The earnings domain's face: the only module other domains and pages import from it. */
export { podcasterEarnings } from './podcaster-earnings';
export { hiredFor, podcasterHires, podcasterHiresOf, podcasterHiresSql } from './podcaster-hires';
export type { PodcasterHire } from './podcaster-hires';
