// `npm start` runs the site as it is deployed: React's production build draws the public pages
// (the development one checks more and is several times slower). Imported first, before React
// loads; NODE_ENV given by the environment (the systemd unit, `npm run dev`) is kept.
process.env.NODE_ENV ??= 'production';
