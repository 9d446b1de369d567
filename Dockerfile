# syntax=docker/dockerfile:1
# Gavel: build the app, then run it as an unprivileged user.
# Set DATABASE_URL to use PostgreSQL; without it the embedded PGlite keeps its
# data in /data (mount a volume there).

FROM node:20-bookworm-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false

FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS production-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM base AS runtime
# ffmpeg: speech-to-text cuts recordings into chunks (docs/decisions/0071-speech-to-text.md).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
# TRUST_PROXY: the TLS proxy in front sits on a private container network,
# not on loopback (README, Configuration).
ENV NODE_ENV=production \
    PORT=3000 \
    TRUST_PROXY=loopback,uniquelocal \
    DATA_DIR=/data \
    PGLITE_DATA_DIR=/data/pglite
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json tsconfig.json server.ts ./
COPY app ./app
COPY demo ./demo
COPY drizzle ./drizzle
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server.ts"]
