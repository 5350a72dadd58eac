# The GrouaRock image: the API, serving the built web app too. Build: docker build -t grouarock .
# The build stage makes the bundle (`npm run bundle`, scripts/bundle.mjs); the runtime stage holds that folder only.
# apps/api/test/bundle.e2e-spec.ts runs the same bundle the same way: `node dist/apps/api/main.js` and nothing else.
# Both stages are the Node the tests run on, to the patch: scripts/node-runtime.mjs's NODE_VERSION (an LTS line;
# scripts/check-compose.mjs fails the lint when they differ).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# npm 11 as on the development machines: it runs only the install scripts package.json's allowScripts approves.
RUN npm install -g npm@11.19.1 --no-audit --no-fund
# What `npm ci` reads, so this layer is reused until dependencies or scripts change: the manifests (every
# workspace's; scripts/check-compose.mjs checks none is missing) and scripts/, whose complete-lockfile.mjs the root
# postinstall runs.
COPY package.json package-lock.json ./
COPY scripts/ scripts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/web-e2e/package.json apps/web-e2e/
COPY libs/api-client/package.json libs/api-client/
COPY libs/audio-engine/package.json libs/audio-engine/
COPY libs/i18n/package.json libs/i18n/
COPY libs/music-generator/package.json libs/music-generator/
COPY libs/ui/package.json libs/ui/
RUN npm ci --no-audit --no-fund
COPY . .
# The bundle, with its bill of materials (sbom.cdx.json: CycloneDX, from npm sbom; docs/operations.md).
RUN npm run bundle -- /bundle

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# The bundle only: dist/apps/api, dist/apps/web, the API's production node_modules and their bill of materials
# (/app/sbom.cdx.json), owned by root (read-only for the server). ffmpeg for live streams and studio tracks is the
# bundle's static build from @ffmpeg-installer/ffmpeg (FFMPEG_PATH unset), so the image installs no Debian packages.
COPY --from=build /bundle ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 1935 8189/udp 8189/tcp
VOLUME ["/data"]
# Liveness, not readiness: a replica draining or waiting for its database is not-ready on purpose, not broken.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/apps/api/main.js"]
