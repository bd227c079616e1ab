// Written by `npm run checks` from `storedConsentRecord` of core/consent/record.ts: do not edit.
// @ts-nocheck -- Ajv's standalone code (scripts/lib/compiled-checks.ts)
const schema11 = {
  type: 'object',
  properties: {
    necessary: { type: 'boolean', const: true },
    analytics: { type: 'boolean' },
    marketing: { type: 'boolean' },
    hasSetPreferences: { type: 'boolean', const: true },
    lastUpdated: {
      type: 'string',
      format: 'date-time',
      pattern:
        '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
    },
    policyVersion: { type: 'string', minLength: 1 },
    consentId: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
    },
  },
  required: ['necessary', 'analytics', 'marketing', 'hasSetPreferences', 'lastUpdated', 'policyVersion', 'consentId'],
};
const pattern0 = new RegExp(
  '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
  'u',
);
const pattern1 = new RegExp(
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
  'u',
);
function validate10(data, { instancePath = '', parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (errors === 0) {
    if (data && typeof data == 'object' && !Array.isArray(data)) {
      let missing0;
      if (
        (data.necessary === undefined && (missing0 = 'necessary')) ||
        (data.analytics === undefined && (missing0 = 'analytics')) ||
        (data.marketing === undefined && (missing0 = 'marketing')) ||
        (data.hasSetPreferences === undefined && (missing0 = 'hasSetPreferences')) ||
        (data.lastUpdated === undefined && (missing0 = 'lastUpdated')) ||
        (data.policyVersion === undefined && (missing0 = 'policyVersion')) ||
        (data.consentId === undefined && (missing0 = 'consentId'))
      ) {
        validate10.errors = [{ instancePath, params: { missingProperty: missing0 } }];
        return false;
      } else {
        const _errs1 = errors;
        for (const key0 in data) {
          if (!(
            key0 === 'necessary' ||
            key0 === 'analytics' ||
            key0 === 'marketing' ||
            key0 === 'hasSetPreferences' ||
            key0 === 'lastUpdated' ||
            key0 === 'policyVersion' ||
            key0 === 'consentId'
          )) {
            delete data[key0];
          }
        }
        if (_errs1 === errors) {
          if (data.necessary !== undefined) {
            let data0 = data.necessary;
            const _errs2 = errors;
            if (typeof data0 !== 'boolean') {
              validate10.errors = [{ instancePath: instancePath + '/necessary' }];
              return false;
            }
            if (true !== data0) {
              validate10.errors = [{ instancePath: instancePath + '/necessary' }];
              return false;
            }
            var valid0 = _errs2 === errors;
          } else {
            var valid0 = true;
          }
          if (valid0) {
            if (data.analytics !== undefined) {
              const _errs4 = errors;
              if (typeof data.analytics !== 'boolean') {
                validate10.errors = [{ instancePath: instancePath + '/analytics' }];
                return false;
              }
              var valid0 = _errs4 === errors;
            } else {
              var valid0 = true;
            }
            if (valid0) {
              if (data.marketing !== undefined) {
                const _errs6 = errors;
                if (typeof data.marketing !== 'boolean') {
                  validate10.errors = [{ instancePath: instancePath + '/marketing' }];
                  return false;
                }
                var valid0 = _errs6 === errors;
              } else {
                var valid0 = true;
              }
              if (valid0) {
                if (data.hasSetPreferences !== undefined) {
                  let data3 = data.hasSetPreferences;
                  const _errs8 = errors;
                  if (typeof data3 !== 'boolean') {
                    validate10.errors = [{ instancePath: instancePath + '/hasSetPreferences' }];
                    return false;
                  }
                  if (true !== data3) {
                    validate10.errors = [{ instancePath: instancePath + '/hasSetPreferences' }];
                    return false;
                  }
                  var valid0 = _errs8 === errors;
                } else {
                  var valid0 = true;
                }
                if (valid0) {
                  if (data.lastUpdated !== undefined) {
                    let data4 = data.lastUpdated;
                    const _errs10 = errors;
                    if (errors === _errs10) {
                      if (errors === _errs10) {
                        if (typeof data4 === 'string') {
                          if (!pattern0.test(data4)) {
                            validate10.errors = [
                              {
                                instancePath: instancePath + '/lastUpdated',
                                params: {
                                  pattern:
                                    '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
                                },
                              },
                            ];
                            return false;
                          }
                        } else {
                          validate10.errors = [{ instancePath: instancePath + '/lastUpdated' }];
                          return false;
                        }
                      }
                    }
                    var valid0 = _errs10 === errors;
                  } else {
                    var valid0 = true;
                  }
                  if (valid0) {
                    if (data.policyVersion !== undefined) {
                      let data5 = data.policyVersion;
                      const _errs12 = errors;
                      if (errors === _errs12) {
                        if (typeof data5 === 'string') {
                          if (data5.length < 1) {
                            validate10.errors = [{ instancePath: instancePath + '/policyVersion' }];
                            return false;
                          }
                        } else {
                          validate10.errors = [{ instancePath: instancePath + '/policyVersion' }];
                          return false;
                        }
                      }
                      var valid0 = _errs12 === errors;
                    } else {
                      var valid0 = true;
                    }
                    if (valid0) {
                      if (data.consentId !== undefined) {
                        let data6 = data.consentId;
                        const _errs14 = errors;
                        if (errors === _errs14) {
                          if (typeof data6 === 'string') {
                            if (!pattern1.test(data6)) {
                              validate10.errors = [
                                {
                                  instancePath: instancePath + '/consentId',
                                  params: {
                                    pattern:
                                      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
                                  },
                                },
                              ];
                              return false;
                            }
                          } else {
                            validate10.errors = [{ instancePath: instancePath + '/consentId' }];
                            return false;
                          }
                        }
                        var valid0 = _errs14 === errors;
                      } else {
                        var valid0 = true;
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    } else {
      validate10.errors = [{ instancePath }];
      return false;
    }
  }
  validate10.errors = vErrors;
  return errors === 0;
}
export default validate10;
