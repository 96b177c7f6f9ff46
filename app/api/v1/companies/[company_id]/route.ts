import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { noQuery } from "@/lib/schema/params";
import { publicOrigin } from "@/lib/http/origin";
import { getCompany } from "@/lib/companies/queries";

export const GET = apiRoute<{ company_id: string }, string>(
  {
    requires: REQUIRES.viewCompany,
    input: ({ url, params }) => {
      noQuery(url);
      return params.company_id;
    },
  },
  async ({ request, caller, input }) => getCompany(caller, input, publicOrigin(request)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
