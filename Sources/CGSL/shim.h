#ifndef CGSL_SHIM_H
#define CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_sf_ellint.h>
#include <gsl/gsl_math.h>

/* Swift 6 rejects GSL's mutable global stepper-type pointers as unsafe shared state;
   these accessors return them by value. */
static inline const gsl_odeiv2_step_type *cgsl_step_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }
static inline const gsl_odeiv2_step_type *cgsl_step_rkf45(void) { return gsl_odeiv2_step_rkf45; }
static inline const gsl_odeiv2_step_type *cgsl_step_msbdf(void) { return gsl_odeiv2_step_msbdf; }
static inline const gsl_odeiv2_step_type *cgsl_step_bsimp(void) { return gsl_odeiv2_step_bsimp; }

#endif
