# The API image, serving the built web app too. Build: docker build -t grouarock .
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/web-e2e/package.json apps/web-e2e/
COPY libs/audio-engine/package.json libs/audio-engine/
COPY libs/ui/package.json libs/ui/
COPY libs/i18n/package.json libs/i18n/
COPY libs/api-client/package.json libs/api-client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build -p api web

FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web-e2e/package.json apps/web-e2e/
COPY --from=build /app/libs/audio-engine/package.json libs/audio-engine/
COPY --from=build /app/libs/ui/package.json libs/ui/
COPY --from=build /app/libs/i18n/package.json libs/i18n/
COPY --from=build /app/libs/api-client/package.json libs/api-client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /data && chown node:node /data
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/apps/api/main.js"]
