// The tests' fake users are the build's fixture users (the build may not import testing/).
export { fakeNewcomer, fakeUser } from '../prerender/fixtures';
