import { parseSync } from 'rolldown/utils';
import type { Plugin } from 'vite';

interface Span {
  start: number;
  end: number;
}

/**
 * react-router's bundle names its components and contexts in separate statements (`var Form = React.forwardRef(…);`
 * then `Form.displayName = "Form";`). The bundler must keep such a write to a property, and with it the component, even
 * where nothing uses it: every page paid for Form, useSubmit and their helpers. This rewrites each pair into one
 * expression marked pure (`var Form = Object.assign(React.forwardRef(…), { displayName: "Form" })`), which names the
 * component exactly as before and lets an unused one go. Only the modules `include` matches; no line moves, so their
 * source maps stay right.
 */
export function pureDisplayNames(include: RegExp): Plugin {
  return {
    name: 'grouarock:pure-display-names',
    apply: 'build',
    transform: {
      filter: { id: include },
      handler(code, id) {
        if (!code.includes('.displayName = ')) return null;
        const { program } = parseSync(id, code);
        const inits = new Map<string, Span>();
        const edits: { at: number; remove?: number; text: string }[] = [];
        for (const statement of program.body) {
          if (statement.type === 'VariableDeclaration') {
            for (const declaration of statement.declarations) {
              if (declaration.id.type === 'Identifier' && declaration.init?.type === 'CallExpression') inits.set(declaration.id.name, declaration.init);
            }
            continue;
          }
          if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
          const { left, right, operator } = statement.expression;
          if (operator !== '=' || left.type !== 'MemberExpression' || left.computed || left.object.type !== 'Identifier') continue;
          if (left.property.type !== 'Identifier' || left.property.name !== 'displayName' || right.type !== 'Literal' || typeof right.value !== 'string') continue;
          const init = inits.get(left.object.name);
          if (!init) continue;
          edits.push({ at: init.start, text: '/* @__PURE__ */ Object.assign(/* @__PURE__ */ ' });
          edits.push({ at: init.end, text: `, { displayName: ${JSON.stringify(right.value)} })` });
          edits.push({ at: statement.start, remove: statement.end - statement.start, text: '' });
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at + (edit.remove ?? 0));
        return { code: out, map: null };
      },
    },
  };
}
