import { defineConfig } from 'tsup';

// One CommonJS bundle of the API and the workspace libs it uses; npm packages stay external, except those that ship
// ES modules only (request-filtering-agent), which are compiled into the bundle so no require() meets an ES module.
// tsup compiles through swc here because the tsconfig asks for decorator metadata (NestJS injection).
export default defineConfig({
  entry: {
    main: 'apps/api/src/main.ts',
    openapi: 'apps/api/src/openapi.ts',
    plans: 'apps/api/src/plans-cli.ts',
    'studio-render-worker': 'apps/api/src/studio/render-worker.ts',
    'live-rtmp-worker': 'apps/api/src/repositories/rtmp-worker.ts',
    'live-webrtc-worker': 'apps/api/src/repositories/webrtc-worker.ts',
  },
  outDir: 'dist/apps/api',
  tsconfig: 'apps/api/tsconfig.json',
  format: ['cjs'],
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  clean: true,
  splitting: false,
  noExternal: [/^@grouarock\//, 'request-filtering-agent'],
});
