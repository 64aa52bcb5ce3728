// The executable: run the command line and exit with its code.
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
