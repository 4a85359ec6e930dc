declare module 'mocha/lib/mocha.cjs' {
  import Mocha = require('mocha');
  export = Mocha;
}
