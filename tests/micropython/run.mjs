// Runs tests/firmware_bridge/mpy_cases.py under MicroPython (WebAssembly port) in Node.
// The firmware's modules are laid out flat in /lib, as they are on the Pico.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const files = {
  "protocol.py": "firmware_bridge/protocol.py",
  "tumble.py": "firmware_bridge/firmware/tumble.py",
  "max7219.py": "firmware_bridge/firmware/max7219.py",
  "box.py": "firmware_bridge/firmware/box.py",
  "cases.py": "tests/firmware_bridge/mpy_cases.py",
};
// Pico-only files (machine, USB stdin): compiled by MicroPython's own compiler, not run.
const picoOnly = { "main.py": "firmware_bridge/firmware/main.py", "pico_io.py": "firmware_bridge/firmware/pico_io.py" };

const mp = await loadMicroPython({ stdout: (text) => process.stdout.write(text), linebuffer: false });
mp.FS.mkdir("/lib");
mp.FS.mkdir("/pico");
for (const [name, source] of Object.entries(files)) {
  mp.FS.writeFile(`/lib/${name}`, readFileSync(path.join(root, source)));
}
for (const [name, source] of Object.entries(picoOnly)) {
  mp.FS.writeFile(`/pico/${name}`, readFileSync(path.join(root, source)));
}
try {
  mp.runPython(`
import sys
sys.path.append('/lib')
print(sys.implementation.name, sys.version)
for name in ${JSON.stringify(Object.keys(picoOnly))}:
    compile(open('/pico/' + name).read(), name, 'exec')
    print('compiled', name)
import cases
cases.run_all()
`);
} catch (error) {
  console.error(String(error.message || error).trim().split("\n").slice(-3).join("\n"));
  process.exit(1);
}
