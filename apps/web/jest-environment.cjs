// jsdom with the Fetch API of Node: jsdom has no Request, which the API client builds for every call.
// AbortController comes along because Node's Request only accepts its own AbortSignal. jsdom has no TextEncoder
// and TextDecoder either, which react-router's CommonJS build needs as soon as it is imported.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'fetch', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
