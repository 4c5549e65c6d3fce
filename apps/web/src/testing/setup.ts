import { configure } from '@testing-library/react';

// `waitFor` and `findBy…` give up after 1 s by default; a lazy page's first import takes longer
// than that when `npm test` runs the lint and typecheck beside this suite on two cores.
configure({ asyncUtilTimeout: 5_000 });
