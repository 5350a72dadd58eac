// What `import url from './picture.svg?no-inline'` gives in tests: Vite makes it the hashed file's URL.
module.exports = '/assets/test-image.svg';
