import { benchCompile } from "./compileBench.mjs";
import { TYPICAL } from "./inputs.mjs";

// One fresh process of typicalProcesses.mjs: the typical compile rounds, as JSON on stdout.
const settings = JSON.parse(process.argv[2]);
const typical = await benchCompile("typical", TYPICAL, undefined, settings);
process.stdout.write(JSON.stringify(typical));
