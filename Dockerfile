# The standalone site (the default command) and the embedded Shopify app (`npm run start -w shopify-app`, see
# docker-compose.yml). The site runs its TypeScript server directly (tsx) and serves the client built here.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm run build -w shopify-app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "standalone-web/server/src/main.ts"]
