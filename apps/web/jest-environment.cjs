// jsdom with the Fetch API of Node: jsdom has no Request, which the API client builds for every call.
// AbortController comes along because Node's Request only accepts its own AbortSignal. jsdom has no TextEncoder
// and TextDecoder either, which react-router's CommonJS build needs as soon as it is imported. MSW, which answers
// the component tests' requests at the network level, also needs Node's streams and BroadcastChannel.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'fetch',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    // MSW's Node build, not its browser one (jsdom asks for the "browser" export condition by default).
    super({ ...config, projectConfig: { ...config.projectConfig, testEnvironmentOptions: { customExportConditions: [''] } } }, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
