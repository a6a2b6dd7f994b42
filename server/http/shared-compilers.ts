/**
 * fastify's own schema compilers (ajv for requests, fast-json-stringify for answers), with what
 * they compile kept for the process: a schema compiled once serves every app built after, keyed by
 * the schema's JSON and the compiler's options. A server builds one app and loses nothing; the
 * test suites build hundreds on the same schemas, and compiling them was 0.22 of an app's 0.28 CPU s.
 */
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';


// Its types give the compiler ajv's own signature; fastify calls it with the route's part, as the
// serializer's, and that is what it reads (lib/validator-compiler.js).
const validators = AjvCompiler() as unknown as (externals: unknown, options: unknown) => (route: { schema: unknown }) => unknown;
const serializers = SerializerSelector();
const compiled = new Map<string, unknown>();

function keeping<R extends { schema?: unknown }, T>(options: string, compile: (route: R) => T): (route: R) => T {
  return (route) => {
    // fastify lowercases the names of a headers schema only for its default compiler: with this
    // one, a name that is not lowercase could never match a request's header.
    if ((route as { httpPart?: string }).httpPart === 'headers' && /[A-Z]/.test(JSON.stringify(Object.keys((route.schema as { properties?: object }).properties ?? {}))))
      throw new Error('a headers schema names its headers in lowercase');
    const key = options + JSON.stringify(route.schema);
    let fn = compiled.get(key) as T | undefined;
    if (fn === undefined) compiled.set(key, (fn = compile(route)));
    return fn;
  };
}

const buildValidator = ((externals, options) => keeping('v' + JSON.stringify([externals, options]), validators(externals, options))) as BuildCompilerFromPool;
const buildSerializer: SerializerFactory = (externals, options) => keeping('s' + JSON.stringify([externals, options]), serializers(externals, options));

/** For `schemaController.compilersFactory` of every app the process builds. */
export const sharedCompilers = { buildValidator, buildSerializer };
