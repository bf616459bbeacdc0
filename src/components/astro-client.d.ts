// Lets the kit's components import their stylesheet (`import '../styles/kit.css'`) under
// `tsc` even before `astro sync` has generated .astro/types.d.ts. Harmless next to src/env.d.ts.
/// <reference types="astro/client" />
