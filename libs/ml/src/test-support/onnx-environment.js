// onnxruntime-node checks tensor data with `instanceof` against the host realm's typed-array
// constructors; jest runs tests in a VM context with its own, so tensors built in a test are rejected
// ("A float32 tensor's data must be type of function Float32Array"). This environment hands the test
// context the host's constructors.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'Uint8Array',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Uint8ClampedArray',
];

class OnnxTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxTestEnvironment;
