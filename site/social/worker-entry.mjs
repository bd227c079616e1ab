// Worker threads do not inherit tsx's loader: this plain entry registers it, then runs worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
