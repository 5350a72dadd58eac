// Stylesheets and fonts mean nothing to jsdom.
module.exports = {};
