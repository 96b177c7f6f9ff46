// swagger-ui-dist ships no types; the options /docs/api passes (https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/).
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    supportedSubmitMethods?: string[];
    validatorUrl?: string | null;
    deepLinking?: boolean;
    defaultModelsExpandDepth?: number;
    syntaxHighlight?: false | { activated?: boolean; theme?: string };
    onComplete?: () => void;
    plugins?: (() => object)[];
  }
  export default function SwaggerUI(options: SwaggerUIOptions): unknown;
}
