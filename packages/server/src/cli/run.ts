/** Runs the command in this process; what bin/dynotable.js does with the built files. */
import { main } from './main.js';
import { runProcess } from './process-output.js';

runProcess(main);
