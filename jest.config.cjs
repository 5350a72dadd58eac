/** `npm test`'s unit stage: every project's jest tests in one run. `npx nx test <project>` runs one. */
module.exports = {
  projects: [
    '<rootDir>/libs/audio-engine/jest.config.cjs',
    '<rootDir>/libs/i18n/jest.config.cjs',
    '<rootDir>/libs/api-client/jest.config.cjs',
    '<rootDir>/libs/ui/jest.config.cjs',
    '<rootDir>/apps/web/jest.config.cjs',
    '<rootDir>/apps/api/jest.config.cjs',
    '<rootDir>/tools/jest.config.cjs',
  ],
};
